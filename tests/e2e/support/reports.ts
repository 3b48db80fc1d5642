import type { Page } from "@playwright/test";
import { apiAs } from "./sign-in";

/**
 * The id of a report of `email`'s company whose overlay has a Humidity tab (its summary
 * measures humidity), looked up through the API: opening the first page's reports one by
 * one in the browser until one had the tab took a full page load each, a minute or more of
 * some tests. Undefined when the first page of ended reports has none.
 */
export async function reportWithHumidity(page: Page, email: string): Promise<string | undefined> {
  const headers = await apiAs(page.request, email);
  const get = async (path: string) => {
    const res = await page.request.get(path, { headers });
    if (res.status() !== 200) throw new Error(`GET ${path}: HTTP ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const filter = encodeURIComponent("status[eq]ended,isArchived[eq]false");
  const { data } = (await get(`/api/label-reports?pageSize=25&filter=${filter}`)) as { data: { id: string }[] };
  for (const { id } of data) {
    const report = (await get(`/api/label-reports/${id}`)) as { summary?: { humidity?: { measured?: boolean } } };
    if (report.summary?.humidity?.measured) return id;
  }
  return undefined;
}

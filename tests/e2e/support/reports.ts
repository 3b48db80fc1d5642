import type { Page } from "@playwright/test";
import { apiAs } from "./sign-in";

/** A label report as the list API gives it, with the fields the browser tests read. */
export interface ReportRow {
  id: string;
  labelId: string;
  status: string;
  endTime: string | null;
  customFields: Record<string, unknown>;
}

/** GET of the API as `email` (a company role token), failing with the answer on anything but 200. */
async function apiGetter(page: Page, email: string) {
  const headers = await apiAs(page.request, email);
  return async (path: string): Promise<unknown> => {
    const res = await page.request.get(path, { headers });
    if (res.status() !== 200) throw new Error(`GET ${path}: HTTP ${res.status()} ${await res.text()}`);
    return res.json();
  };
}

const listPath = (filter: string, pageSize: number) =>
  `/api/label-reports?pageSize=${pageSize}&filter=${encodeURIComponent(filter)}`;

/** The first report of `email`'s company that the list filter (`key[op]value,…`) keeps. */
export async function firstReport(page: Page, email: string, filter: string): Promise<ReportRow> {
  const get = await apiGetter(page, email);
  const [row] = ((await get(listPath(filter, 1))) as { data: ReportRow[] }).data;
  if (!row) throw new Error(`no report of ${email}'s company with ${filter}`);
  return row;
}

/**
 * The id of a report of `email`'s company whose overlay has a Humidity tab (its summary
 * measures humidity), looked up through the API: opening the first page's reports one by
 * one in the browser until one had the tab took a full page load each, a minute or more of
 * some tests. Undefined when the first page of ended reports has none.
 */
export async function reportWithHumidity(page: Page, email: string): Promise<string | undefined> {
  const get = await apiGetter(page, email);
  const { data } = (await get(listPath("status[eq]ended,isArchived[eq]false", 25))) as { data: ReportRow[] };
  for (const { id } of data) {
    const report = (await get(`/api/label-reports/${id}`)) as { summary?: { humidity?: { measured?: boolean } } };
    if (report.summary?.humidity?.measured) return id;
  }
  return undefined;
}

/** Every report of `email`'s company that the list filter (`key[op]value,…`) keeps (up to 1,000). */
export async function reportsWhere(page: Page, email: string, filter: string): Promise<ReportRow[]> {
  const get = await apiGetter(page, email);
  return ((await get(listPath(filter, 1000))) as { data: ReportRow[] }).data;
}

interface Reading {
  time: string;
  temperature: number;
}

/**
 * A label of `email`'s company that a gateway registered and sent readings for, through an
 * ingest key made here (the demo seed's reports are all older than a test's run).
 */
export async function ingestedLabel(page: Page, email: string, labelId: string, readings: readonly Reading[]) {
  const request = page.request;
  const headers = await apiAs(request, email);
  const key = await request.post("/api/api-keys", {
    headers,
    data: { name: `Gateway ${labelId}`, scopes: ["ingest"] },
  });
  if (key.status() !== 201) throw new Error(`API key: HTTP ${key.status()} ${await key.text()}`);
  const ingest = { "api-key": (await key.json()).key as string };
  const presets = await request.get("/api/label-presets?pageSize=1", { headers });
  const presetId = ((await presets.json()).data as { id: string }[])[0]?.id;
  const registered = await request.post("/api/label-reports", { headers: ingest, data: { labelId, presetId } });
  if (registered.status() !== 201) throw new Error(`register: HTTP ${registered.status()} ${await registered.text()}`);
  const { id } = (await registered.json()) as { id: string };
  const send = async (batch: readonly Reading[]) => {
    const res = await request.post("/api/readings", { headers: ingest, data: { labelId, readings: batch } });
    if (res.status() !== 200) throw new Error(`readings: HTTP ${res.status()} ${await res.text()}`);
  };
  await send(readings);
  return {
    id,
    send,
    stop: async (status: "stopped" | "ended") => {
      const res = await request.post(`/api/label-reports/${id}/stop`, { headers: ingest, data: { status } });
      if (res.status() !== 200) throw new Error(`stop: HTTP ${res.status()} ${await res.text()}`);
    },
  };
}

import { expect, test } from "./support/fixtures";
import { confirmBubble } from "./support/motion";
import { apiAs, signInAt } from "./support/sign-in";

/**
 * An administrator makes a share link in the report overlay; the
 * link opens in a fresh browser context without cookies (a partner without an account)
 * and shows the report; once revoked, the page says so.
 */

test("a share link opens without sign-in, shows label id, hash, disposition and a painted chart, and says so once revoked", async ({
  page,
  browser,
}) => {
  const headers = await apiAs(page.request, "admin@demo.example");
  const filter = encodeURIComponent("status[eq]ended");
  const list = await page.request.get(`/api/label-reports?filter=${filter}&pageSize=5`, { headers });
  expect(list.ok()).toBe(true);
  const report = ((await list.json()).data as { id: string; labelId: string }[])[0];
  if (!report) throw new Error("the demo seed has no ended report");
  // A retry (or an earlier run on the same data) may have left a link: start from none active.
  const links = await page.request.get(`/api/label-reports/${report.id}/share-links`, { headers });
  for (const link of (await links.json()) as { id: string; revokedAt: string | null }[]) {
    if (!link.revokedAt)
      await page.request.delete(`/api/label-reports/${report.id}/share-links/${link.id}`, { headers });
  }

  await signInAt(page, "admin@demo.example", `/label-reports/${report.id}`);
  const section = page.getByRole("region", { name: "Share links" });
  await section.getByLabel("Expires in days").fill("7");
  await section.getByRole("button", { name: "Create share link" }).click();
  const shown = section.getByTestId("share-link-url");
  await expect(shown).toContainText("/share/");
  const url = new URL((await shown.textContent()) ?? "");
  await expect(section.getByRole("row").filter({ hasText: "Active" })).toHaveCount(1);

  const partner = await browser.newContext();
  try {
    const partnerPage = await partner.newPage();
    const origin = new URL(page.url()).origin;
    await partnerPage.goto(`${origin}${url.pathname}`);
    await expect(partnerPage.getByTestId("share-label-id")).toHaveText(report.labelId);
    await expect(partnerPage.getByTestId("share-content-hash")).toContainText(/[0-9a-f]{64}/);
    await expect(partnerPage.getByText("Compare this with the hash printed on the PDF you received")).toBeVisible();
    await expect(partnerPage.getByRole("region", { name: "Disposition" })).toBeVisible();
    // The dashboard's words: the status as the list writes it, and a line for every unit the label can judge.
    await expect(partnerPage.getByRole("cell", { name: "Ended", exact: true })).toBeVisible();
    await expect(partnerPage.getByRole("cell", { name: "Shock", exact: true })).toBeVisible();
    // The alarm delay as a duration and a rule in words, not "300 min (single)".
    await expect(
      partnerPage.getByRole("cell", {
        name: /^(none \(at once\)|\d+ (min|h|d)[^,]*), (one excursion|cumulative time out of range)$/,
      }),
    ).toBeVisible();
    // The chart draws from the series the share answer carries, without the signed-in data provider.
    await expect(partnerPage.getByTestId("chart-temperature")).toHaveAttribute("data-chart-painted", "true");
    expect(await partner.cookies()).toEqual([]);

    await section.getByRole("row").filter({ hasText: "Active" }).getByRole("button", { name: "Revoke" }).click();
    await confirmBubble(page, "Revoke");
    await expect(section.getByRole("row").filter({ hasText: "Active" })).toHaveCount(0);

    await partnerPage.reload();
    await expect(partnerPage.getByText("This link has expired or was revoked")).toBeVisible();
  } finally {
    await partner.close();
  }
});

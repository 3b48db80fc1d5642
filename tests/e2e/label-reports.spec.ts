import { readFileSync } from "node:fs";
import { pdfText } from "../support/pdf-text";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { openFilters } from "./support/motion";
import { reportWithHumidity } from "./support/reports";
import { submitSignIn } from "./support/sign-in";
import { snackbarShown, watchSnackbars } from "./support/snackbars";

/**
 * The label report screens: the list, its filters overlay, the report overlay
 * (summary, chart tabs, statistics, audit trail), trim (admin@demo.example: Meridian
 * Pharma has the LABEL_REPORT_TRIM flag in the demo seed; user@demo.example does not),
 * and the download.
 */

const ZONE = "Asia/Tokyo";

async function signIn(page: Page, email: string) {
  // The user's time zone preference, set before the app reads it.
  await page.addInitScript((zone) => {
    if (!localStorage.getItem("preferences"))
      localStorage.setItem("preferences", JSON.stringify({ state: { timeZone: zone }, version: 0 }));
  }, ZONE);
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
}

/** What formatInstant prints for en-US in the test zone. */
/**
 * Waits until the table shows the filtered rows: the previous page's rows stay on screen
 * (dimmed) while the filtered page loads, and counting or clicking them then is wrong.
 */
async function expectOnlyRowsWith(page: Page, violation: string) {
  await expect
    .poll(async () => {
      const shown = await rows(page).count();
      return shown > 0 && shown === (await rows(page).locator(`[data-violation="${violation}"]`).count());
    })
    .toBe(true);
}

function inZone(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

const rows = (page: Page) => page.locator(".ant-table-tbody .ant-table-row");
const drawer = (page: Page) => page.locator(".ant-drawer-content");

/** Opens a report measuring temperature and humidity (it has both tabs), found over the API. */
/** Opens the overlay of a report that measures humidity too, so that it has two tabs. */
async function openReportWithTabs(page: Page, email: string): Promise<void> {
  const id = await reportWithHumidity(page, email);
  if (!id) throw new Error(`no ended report measuring humidity for ${email}`);
  await page.goto(`/label-reports/${id}`);
  await expect(drawer(page).getByTestId("report-start")).toBeVisible();
  await expect(drawer(page).getByRole("tab", { name: "Humidity" })).toBeVisible();
}

async function canvasHasInk(chart: Locator): Promise<boolean> {
  return chart.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext("2d");
    if (!ctx) return false;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) ink++;
    return ink > 500;
  });
}

test.describe("label reports", () => {
  test("the list shows shipment, preset, status, alarm badges, and start/end in the user's time zone", async ({
    page,
  }) => {
    await signIn(page, "user@demo.example");
    const header = page.locator(".ant-table-thead");
    for (const title of ["Label ID", "Shipment", "Preset", "Status", "Alarms", "Start", "End"])
      await expect(header.getByText(title, { exact: true })).toBeVisible();
    const first = rows(page).first();
    await expect(first.getByText("→")).toBeVisible();
    await expect(first.locator("[role=img]").first()).toBeVisible();
    const start = page.locator(".ant-table-tbody time").first();
    const iso = await start.getAttribute("datetime");
    expect(iso).toBeTruthy();
    await expect(start).toHaveText(inZone(iso as string));
  });

  test("filtering by a violation and a start-date range keeps only matching reports", async ({ page }) => {
    await signIn(page, "user@demo.example");
    await openFilters(page);
    await page.getByRole("checkbox", { name: "Temperature violation" }).check();
    await page.getByRole("combobox", { name: "Started between" }).click();
    const calendar = page.getByRole("dialog").filter({ has: page.getByRole("grid") });
    // The demo's reports run through 2026; pick January to October 2026.
    for (let i = 0; i < 36 && !(await calendar.locator('[data-day="2026-01-01"]').isVisible()); i++)
      await calendar.getByRole("button", { name: "Previous month" }).click();
    await calendar.locator('[data-day="2026-01-01"]').click();
    for (let i = 0; i < 12 && !(await calendar.locator('[data-day="2026-10-31"]').isVisible()); i++)
      await calendar.getByRole("button", { name: "Next month" }).click();
    await calendar.locator('[data-day="2026-10-31"]').click();
    await calendar.getByRole("button", { name: "Select period" }).click();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/temperatureViolation%5Beq%5Dtrue|temperatureViolation\[eq\]true/);
    await expect(page).toHaveURL(/startTime/);
    await expectOnlyRowsWith(page, "temperatureViolation");
    const count = await rows(page).count();
    expect(count).toBeGreaterThan(0);
    // Tokyo midnights: 2026-01-01 starts at 2025-12-31T15:00Z, 2026-11-01 at 2026-10-31T15:00Z.
    const from = Date.parse("2025-12-31T15:00:00Z");
    const to = Date.parse("2026-10-31T15:00:00Z");
    for (let i = 0; i < count; i++) {
      const row = rows(page).nth(i);
      await expect(row.locator('[data-violation="temperatureViolation"]')).toHaveCount(1);
      const start = Date.parse((await row.locator("time").first().getAttribute("datetime")) ?? "");
      expect(start).toBeGreaterThanOrEqual(from);
      expect(start).toBeLessThan(to);
    }
  });

  test("opening a report keeps the list's scroll position; tabs switch and the chart paints", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 640 });
    await signIn(page, "user@demo.example");
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => window.scrollY > 0);
    const before = await page.evaluate(() => window.scrollY);
    const visible = rows(page).nth(10);
    await visible.locator("a").first().click();
    await expect(drawer(page).getByTestId("report-start")).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await page.setViewportSize({ width: 1440, height: 900 });
    await openReportWithTabs(page, "user@demo.example");
    const temperature = drawer(page).getByTestId("chart-temperature");
    await expect(temperature).toHaveAttribute("data-chart-painted", "true");
    expect(await canvasHasInk(temperature)).toBe(true);
    await expect(drawer(page).getByRole("table", { name: "Temperature statistics" })).toContainText(
      "Mean kinetic temperature",
    );

    await drawer(page).getByRole("tab", { name: "Humidity" }).click();
    const humidity = drawer(page).getByTestId("chart-humidity");
    await expect(humidity).toHaveAttribute("data-chart-painted", "true");
    expect(await canvasHasInk(humidity)).toBe(true);
  });

  test("zooming the chart and resetting it neither shifts nor widens the overlay", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "user@demo.example");
    await openReportWithTabs(page, "user@demo.example");
    const chart = drawer(page).getByTestId("chart-temperature");
    await expect(chart).toHaveAttribute("data-chart-painted", "true");
    await chart.scrollIntoViewIfNeeded();
    const body = drawer(page).locator(".ant-drawer-body");
    const layout = async () => ({
      chartTop: Math.round((await chart.boundingBox())?.y ?? -1),
      chartHeight: Math.round((await chart.boundingBox())?.height ?? -1),
      sideways: await body.evaluate((el) => el.scrollWidth - el.clientWidth),
    });
    const before = await layout();
    const plot = chart.getByRole("img", { name: "Temperature chart" });
    const box = (await plot.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    const reset = chart.getByRole("button", { name: "Reset zoom" });
    await expect(reset).toBeVisible();
    // The zoomed window has come (it may hold no readings: the label was silent for days).
    await expect(chart.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await layout()).toEqual(before);
    await reset.click();
    await expect(chart.getByText("Drag across the chart to zoom")).toBeVisible();
    await expect(chart).toHaveAttribute("data-chart-painted", "true");
    expect(await layout()).toEqual(before);
  });

  test("a user without the trim flag sees no trim slider", async ({ page }) => {
    await signIn(page, "user@demo.example");
    await rows(page).first().locator("a").first().click();
    await expect(drawer(page).getByRole("region", { name: "Summary" })).toBeVisible();
    await expect(drawer(page).getByTestId("trim-panel")).toHaveCount(0);
  });

  test("trim: the slider sets the evaluation window, saving (with a reason) shows the verdict and the audit trail; undo clears it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin@demo.example");
    await rows(page).first().locator("a").first().click();
    const panel = drawer(page).getByTestId("trim-panel");
    await expect(panel).toBeVisible();
    const start = panel.getByRole("slider", { name: "Evaluation window start" });
    await start.focus();
    await page.keyboard.press("PageUp");
    await page.keyboard.press("PageUp");
    const chosen = await start.getAttribute("aria-valuenow");
    // Moved but not saved: the panel says so.
    await expect(panel.getByTestId("trim-unsaved")).toContainText("Unsaved");
    // The chart previews the unsaved window before anything is saved.
    await expect(drawer(page).getByTestId("chart-trim-preview")).toBeVisible();
    await panel.getByRole("button", { name: "Save window" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the evaluation window" });
    // The confirmation names what changes before anything is saved.
    await expect(dialog.getByTestId("trim-effect")).toContainText(/The verdict (stays|changes from)/);
    const save = dialog.getByRole("button", { name: "Save window" });
    // The dialog names the window it saves, and starts on the first reason (no "required" yet).
    await expect(dialog.getByTestId("trim-window-saved")).toContainText(inZone(new Date(Number(chosen)).toISOString()));
    await expect(dialog.getByRole("radio", { name: "Label started before loading" })).toBeChecked();
    await expect(dialog.getByText("A reason is required", { exact: false })).toHaveCount(0);
    const typed = dialog.getByRole("textbox", { name: "Label ID to confirm" });
    if (await typed.isVisible()) await typed.fill((await dialog.locator("code").textContent()) ?? "");
    await watchSnackbars(page);
    await save.click();
    await snackbarShown(page, /Evaluation window saved\. Verdict: (Violation|No violation)/);
    await expect(drawer(page).getByTestId("chart-trim-preview")).toHaveCount(0);
    const audit = drawer(page).getByRole("region", { name: "Audit trail" });
    await expect(audit.getByText("Evaluation window set").first()).toBeVisible();
    await expect(audit).toContainText("admin@demo.example");
    await expect(audit).toContainText(inZone(new Date(Number(chosen)).toISOString()));
    await expect(audit).toContainText("Label started before loading");
    await expect(panel).toContainText("Evaluated from");
    await expect(panel).toContainText("reason: Label started before loading");
    await expect(drawer(page).getByTestId("report-trim")).toContainText("Label started before loading");
    await drawer(page).getByRole("region", { name: "Evaluation window" }).scrollIntoViewIfNeeded();

    await panel.getByRole("button", { name: "Undo trim" }).click();
    const undo = page.getByRole("dialog", { name: "Undo the trim" });
    // Clearing offers reasons that fit clearing.
    await expect(undo.getByRole("radio", { name: "Window set by mistake" })).toBeChecked();
    await undo.getByRole("radio", { name: "Another reason" }).check();
    await undo.getByRole("textbox", { name: "Reason text" }).fill("short");
    await expect(undo.getByRole("button", { name: "Undo trim" })).toBeDisabled();
    await undo.getByRole("textbox", { name: "Reason text" }).fill("Window was set on the wrong shipment");
    await undo.getByRole("button", { name: "Undo trim" }).click();
    await expect(audit.getByText("Trim undone").first()).toBeVisible();
    await expect(panel).toContainText("Every reading is evaluated");
  });

  test("trim: taking an alarming excursion out of the evaluation needs the label ID typed", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin@demo.example");
    await openFilters(page);
    await page.getByRole("checkbox", { name: "Temperature violation" }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/temperatureViolation/);
    await expectOnlyRowsWith(page, "temperatureViolation");
    await rows(page).first().locator("a").first().click();
    const panel = drawer(page).getByTestId("trim-panel");
    await expect(panel).toBeVisible();
    // The window shrinks to the last reading: the alarming excursion falls outside it.
    await panel.getByRole("slider", { name: "Evaluation window start" }).focus();
    await page.keyboard.press("End");
    await panel.getByRole("button", { name: "Save window" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the evaluation window" });
    await expect(dialog.getByTestId("trim-effect")).toContainText(
      /The verdict changes from Temperature violation.* to OK; \d+ excursions? of .* outside the window\./,
    );
    await dialog.getByRole("radio", { name: "Label stopped after unloading" }).check();
    const save = dialog.getByRole("button", { name: "Save window" });
    const typed = dialog.getByRole("textbox", { name: "Label ID to confirm" });
    await typed.fill("NOT-THE-LABEL");
    await expect(save).toBeDisabled();
    const labelId = (await dialog.locator("code").textContent()) ?? "";
    await typed.fill(labelId);
    await expect(save).toBeEnabled();
    await watchSnackbars(page);
    await save.click();
    await snackbarShown(page, "Evaluation window saved. Verdict: No violation");

    await panel.getByRole("button", { name: "Undo trim" }).click();
    const undo = page.getByRole("dialog", { name: "Undo the trim" });
    await expect(undo.getByTestId("trim-effect")).toContainText("to Temperature violation");
    await undo.getByRole("radio", { name: "Window set by mistake" }).check();
    await undo.getByRole("button", { name: "Undo trim" }).click();
    await expect(panel).toContainText("Every reading is evaluated");
  });

  test("the filters overlay closes after Apply and the list keeps the filters", async ({ page }) => {
    await signIn(page, "user@demo.example");
    await openFilters(page);
    await page.getByRole("checkbox", { name: "Temperature violation" }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/label-reports\?.*temperatureViolation/);
  });

  test("download: the PDF carries the same start time as the screen; a CSV has no data-table choice", async ({
    page,
  }) => {
    await signIn(page, "user@demo.example");
    await rows(page).first().locator("a").first().click();
    const startText = (await drawer(page).getByTestId("report-start").textContent())?.trim() ?? "";
    await drawer(page).getByRole("button", { name: "Download" }).click();
    const dialog = page.getByRole("dialog", { name: "Download report" });
    // The data table choice shapes a PDF only: a CSV holds every reading, and the dialog says so.
    // antd's button-style radios hide their input under the label a person clicks.
    await dialog.getByText("CSV", { exact: true }).click();
    await expect(dialog.getByRole("radio", { name: "CSV" })).toBeChecked();
    await expect(dialog.getByRole("combobox", { name: "Data table" })).toBeDisabled();
    await expect(dialog.getByText("A CSV file holds every reading.")).toBeVisible();
    await dialog.getByText("PDF", { exact: true }).click();
    await expect(dialog.getByRole("combobox", { name: "Data table" })).toBeEnabled();
    // The PDF in the screen's zone, so both print the same text.
    await dialog.getByRole("combobox", { name: "Time zone" }).fill(ZONE);
    await expect(page.getByRole("option", { name: new RegExp(ZONE.replace("/", ".")) }).first()).toBeVisible();
    await dialog.getByRole("combobox", { name: "Time zone" }).press("Enter");
    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download" }).click();
    const file = await (await downloading).path();
    const text = await pdfText(readFileSync(file));
    expect(text).toContain(startText);
  });
});

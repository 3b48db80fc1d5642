import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { motionDone } from "./support/motion";
import { signInAt } from "./support/sign-in";

/**
 * The controls page (/ui-kit): the date picker in its three modes, the range slider and
 * the snackbars driven in Chromium, screenshots of every control in its states, and an
 * axe-core check. The screenshots are attached to the test's output (the HTML report), to
 * be looked at by a person: none is compared, and none is written into the repository.
 */

/** A picture of the page (or `fullPage`) attached to the running test's output. */
async function attachShot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await test.info().attach(name, { body: await page.screenshot(options), contentType: "image/png" });
}

const pad = (n: number) => String(n).padStart(2, "0");
/** 'YYYY-MM-DD' of a local date. */
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** 'MM/DD/YYYY' (US) of a local date. */
const usDate = (date: Date) => `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
/** A day of the current month. */
const thisMonth = (day: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), day);
};

async function openControls(page: Page) {
  // The demo page needs a session (and is only in builds made with VITE_UI_KIT=true).
  await signInAt(page, "user@demo.example", "/ui-kit");
  await expect(page.getByRole("heading", { name: "Controls", level: 1 })).toBeVisible();
}

const calendar = (page: Page) => page.getByRole("dialog");
const dayCell = (page: Page, date: Date) => calendar(page).locator(`[data-day="${isoDay(date)}"]`);
const output = (page: Page, id: string) => page.getByTestId(`value-${id}`);

/** Serious and critical axe-core violations, as readable lines. */
async function seriousViolations(page: Page) {
  // A modal or popup still fading in is half transparent: axe would measure the contrast
  // of a frame the user only sees for 0.2 s. Wait for the finite animations to end.
  await motionDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("controls page", () => {
  test("date picker, single mode: a click commits; the keyboard moves and commits; days after today are disabled", async ({
    page,
  }) => {
    await openControls(page);
    const field = page.getByRole("combobox", { name: "Delivery date" });
    await expect(field).toHaveAttribute("placeholder", "Pick a date");
    await field.click();
    await expect(calendar(page).getByRole("button", { name: "Select date" })).toBeVisible();
    await expect(calendar(page).getByRole("button", { name: "Cancel" })).toBeVisible();
    await expect(calendar(page).locator("thead th").nth(1)).toHaveText("Mo");
    await dayCell(page, thisMonth(15)).click();
    await expect(calendar(page)).toBeHidden();
    await expect(output(page, "single")).toHaveText(usDate(thisMonth(15)));

    // Keyboard, with maximumDate 'today'.
    const bounded = page.getByRole("combobox", { name: "Recorded on" });
    await bounded.focus();
    await page.keyboard.press("Enter");
    const today = new Date();
    await expect(dayCell(page, today)).toBeFocused();
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    await expect(calendar(page).locator(`[data-day="${isoDay(tomorrow)}"]`)).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await expect(calendar(page)).toBeHidden();
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    await expect(output(page, "up-to-today")).toHaveText(usDate(yesterday));
    await expect(bounded).toBeFocused();

    // A disabled day cannot be picked (Space); Escape closes without a change.
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(dayCell(page, tomorrow)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(calendar(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(calendar(page)).toBeHidden();
    await expect(output(page, "up-to-today")).toHaveText(usDate(yesterday));
  });

  test("date picker, week mode: the clicked day's Monday-to-Sunday week, by mouse and keyboard", async ({ page }) => {
    await openControls(page);
    const field = page.getByRole("combobox", { name: "Report week" });
    await expect(field).toHaveAttribute("placeholder", "Pick a week");
    await field.click();
    const day = thisMonth(10);
    const monday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
    const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
    await dayCell(page, day).click();
    await calendar(page).getByRole("button", { name: "Select week" }).click();
    await expect(output(page, "week")).toContainText(`(${usDate(monday)} – ${usDate(sunday)})`);
    await expect(output(page, "week")).toContainText(/^Week \d+, \d{4}/);

    // Keyboard: one week down, Enter commits that week.
    await field.focus();
    await page.keyboard.press("ArrowDown");
    await expect(dayCell(page, monday)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const nextMonday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7);
    const nextSunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 13);
    await expect(output(page, "week")).toContainText(`(${usDate(nextMonday)} – ${usDate(nextSunday)})`);
  });

  test("date picker, range mode: ordered clicks, Cancel/Escape restore, outside click commits only complete ranges, keyboard", async ({
    page,
  }) => {
    await openControls(page);
    const field = page.getByRole("combobox", { name: "Shipment period" });
    await expect(field).toHaveAttribute("placeholder", "Pick a period");
    await field.click();
    await dayCell(page, thisMonth(20)).click();
    await dayCell(page, thisMonth(12)).click();
    await expect(dayCell(page, thisMonth(16))).toHaveAttribute("data-role", "inside");
    await calendar(page).getByRole("button", { name: "Select period" }).click();
    const committed = `${usDate(thisMonth(12))} – ${usDate(thisMonth(20))}`;
    await expect(output(page, "range")).toHaveText(committed);

    // Clicking the start again clears it; the select button waits for a complete range.
    await field.click();
    await dayCell(page, thisMonth(5)).click();
    await dayCell(page, thisMonth(5)).click();
    await expect(dayCell(page, thisMonth(5))).not.toHaveAttribute("data-role", /.+/);
    await expect(calendar(page).getByRole("button", { name: "Select period" })).toBeDisabled();
    await calendar(page).getByRole("button", { name: "Cancel" }).click();
    await expect(output(page, "range")).toHaveText(committed);

    // Escape restores.
    await field.click();
    await dayCell(page, thisMonth(3)).click();
    await dayCell(page, thisMonth(8)).click();
    await page.keyboard.press("Escape");
    await expect(calendar(page)).toBeHidden();
    await expect(output(page, "range")).toHaveText(committed);

    // An outside click with an incomplete range restores; with a complete one it commits.
    await field.click();
    await dayCell(page, thisMonth(3)).click();
    await page.getByRole("heading", { name: "Controls", level: 1 }).click();
    await expect(calendar(page)).toBeHidden();
    await expect(output(page, "range")).toHaveText(committed);
    await field.click();
    await dayCell(page, thisMonth(3)).click();
    await dayCell(page, thisMonth(9)).click();
    await page.getByRole("heading", { name: "Controls", level: 1 }).click();
    await expect(output(page, "range")).toHaveText(`${usDate(thisMonth(3))} – ${usDate(thisMonth(9))}`);

    // Keyboard: Space sets the start, arrows move, Enter sets the end and commits.
    await field.focus();
    await page.keyboard.press("Enter");
    await expect(dayCell(page, thisMonth(3))).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(calendar(page)).toBeHidden();
    await expect(output(page, "range")).toHaveText(`${usDate(thisMonth(5))} – ${usDate(thisMonth(12))}`);
  });

  test("range slider: keyboard steps; a track click moves the nearer handle; handles cannot cross", async ({
    page,
  }) => {
    await openControls(page);
    const level = page.getByRole("slider", { name: "Battery warning level" });
    await level.focus();
    await page.keyboard.press("ArrowRight");
    await expect(level).toHaveAttribute("aria-valuenow", "41");
    await page.keyboard.press("PageUp");
    await expect(level).toHaveAttribute("aria-valuenow", "51");
    await page.keyboard.press("End");
    await expect(level).toHaveAttribute("aria-valuenow", "100");
    await page.keyboard.press("Home");
    await expect(output(page, "single-primary")).toHaveText("0");

    const low = page.getByRole("slider", { name: "Lowest value" });
    const high = page.getByRole("slider", { name: "Highest value" });
    const track = page.getByTestId("slider-track").nth(1);
    const box = (await track.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const at = (value: number) => ({ x: box.x + (box.width * value) / 100, y: box.y + box.height / 2 });

    // A click at 30 moves the lower handle (nearer), and its tooltip stays ~400 ms.
    await page.mouse.click(at(30).x, at(30).y);
    await expect(low).toHaveAttribute("aria-valuenow", "30");
    await expect(high).toHaveAttribute("aria-valuenow", "80");
    const tooltip = page.locator('[data-handle="min"]').nth(1);
    await expect(tooltip).toHaveAttribute("data-visible");
    await page.mouse.move(box.x + box.width / 2, box.y - 60);
    await expect(tooltip).not.toHaveAttribute("data-visible");

    // A click at 70 moves the upper handle.
    await page.mouse.click(at(70).x, at(70).y);
    await expect(high).toHaveAttribute("aria-valuenow", "70");

    // Dragging the upper handle below the lower stops one step above it.
    const handleBox = (await high.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(at(10).x, at(10).y, { steps: 8 });
    await page.mouse.up();
    await expect(high).toHaveAttribute("aria-valuenow", "31");
    await expect(output(page, "range-neutral-tick-labels")).toHaveText("30 to 31");

    // The keyboard cannot push the lower handle past the upper either.
    await low.focus();
    await page.keyboard.press("End");
    await expect(low).toHaveAttribute("aria-valuenow", "30");
    await page.keyboard.press("Home");
    await expect(low).toHaveAttribute("aria-valuenow", "0");

    // Decimals from the step (0.5) and timestamps in UTC.
    const minTemperature = page.getByRole("slider", { name: "Minimum temperature" });
    await minTemperature.focus();
    await page.keyboard.press("ArrowRight");
    await expect(minTemperature).toHaveAttribute("aria-valuetext", "2.5 °C");

    // Handles one step apart: the max tooltip would overlap the min one, so it hides and the min shows the range.
    const maxTemperature = page.getByRole("slider", { name: "Maximum temperature" });
    await maxTemperature.focus();
    await page.keyboard.press("Home");
    await expect(maxTemperature).toHaveAttribute("aria-valuenow", "3");
    const temperatureTooltips = page.getByTestId("slider-track").nth(2);
    await expect(temperatureTooltips.locator('[data-handle="min"]')).toHaveText("2.5 °C to 3.0 °C");
    await expect(temperatureTooltips.locator('[data-handle="max"]')).not.toHaveAttribute("data-visible");
    const start = page.getByRole("slider", { name: "Evaluation start" });
    await expect(start).toHaveAttribute("aria-valuetext", "Mar 04, 2025, 00:00");
    await start.focus();
    await page.keyboard.press("ArrowRight");
    await expect(start).toHaveAttribute("aria-valuetext", "Mar 04, 2025, 01:00");
  });

  test("snackbars: sign-out, timeout, maximum of five, pause on hover, click to close, action", async ({ page }) => {
    // A clock that runs as the real one until the test moves it on (the hover pause below).
    await page.clock.install();
    await openControls(page);
    const snackbars = page.getByTestId("snackbar");

    await page.getByRole("button", { name: "Sign-out snackbar" }).click();
    await expect(snackbars).toHaveCount(1);
    await expect(snackbars.first()).toContainText("Sign out");
    await expect(snackbars.first()).toContainText("You have successfully signed out");
    await expect(snackbars).toHaveCount(0);

    await page.getByRole("button", { name: "Show six" }).click();
    await expect(snackbars).toHaveCount(5);
    await expect(snackbars.first()).toContainText("Notification 2");
    await expect(snackbars.last()).toContainText("Notification 6");
    await snackbars.first().click();
    await expect(snackbars).toHaveCount(4);

    // Hover pauses the 2 s timeout: the page's clock is moved on past it, instead of waiting.
    await page.getByRole("button", { name: "Error", exact: true }).click();
    const error = snackbars.filter({ hasText: "Could not save" });
    await error.hover();
    await page.clock.runFor(2_600);
    await expect(error).toBeVisible();
    await page.mouse.move(10, 10);
    await expect(error).toBeHidden();

    // The action button ('More') runs the action.
    await page.getByRole("button", { name: "With action" }).click();
    const warning = snackbars.filter({ hasText: "Battery low" });
    await warning.getByRole("button", { name: "More" }).click();
    await expect(warning).toBeHidden();
    await expect(snackbars.filter({ hasText: "Opening the label" })).toBeVisible();

    // A closable snackbar ignores a click on its body and closes with its button.
    await page.getByRole("button", { name: "Closable" }).click();
    const closable = snackbars.filter({ hasText: "Export ready" });
    await closable.click();
    await expect(closable).toBeVisible();
    await closable.getByRole("button", { name: "Close" }).click();
    await expect(closable).toBeHidden();
  });

  // Screenshots of every control in its states, each state scanned by axe-core: one test
  // per group of states, so a slow moment costs one group's retry, not the whole page's.
  test.describe("screenshots; axe-core finds no serious or critical violation", () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openControls(page);
    });

    test("the whole page at rest", async ({ page }) => {
      // Fonts and lazy icons settle before the full-page picture.
      await page.evaluate(() => document.fonts.ready);
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, "controls-overview", { fullPage: true });
    });

    test("the range date picker open, with a start and a previewed end", async ({ page }) => {
      const range = page.getByRole("combobox", { name: "Shipment period" });
      await range.click();
      await dayCell(page, thisMonth(9)).click();
      await dayCell(page, thisMonth(16)).hover();
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, "controls-date-picker");
    });

    test("stacked snackbars and a slider's tooltip", async ({ page }) => {
      await page.getByRole("button", { name: "Sign-out snackbar" }).click();
      await page.getByRole("button", { name: "With action" }).click();
      await page.getByRole("button", { name: "Closable" }).click();
      await page.getByRole("button", { name: "Error", exact: true }).click();
      const temperature = page.getByRole("slider", { name: "Minimum temperature" });
      await temperature.focus();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowRight");
      await expect(page.locator('[data-handle="min"][data-visible]')).toHaveCount(1);
      await attachShot(page, "controls-slider-snackbars");
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the autocomplete filtering to no option", async ({ page }) => {
      await scrollTo(page.getByRole("heading", { name: "Select, multi-select and autocomplete" }));
      const search = page.getByRole("combobox", { name: "Label" });
      await search.fill("lbl-004");
      await expect(page.getByRole("option").first()).toContainText("LBL-0040");
      await search.fill("nothing like this");
      await expect(page.getByText("No options found")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the multi-select open over its chosen options", async ({ page }) => {
      await scrollTo(page.getByRole("heading", { name: "Select, multi-select and autocomplete" }));
      await page.getByRole("combobox", { name: "Countries" }).click();
      await expect(page.getByRole("listbox")).toBeVisible();
      await page.getByRole("option", { name: /Japan/ }).hover();
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, "controls-lists");
    });

    test("the update modal (previewed: the real one opens when builds/latest.json changes)", async ({ page }) => {
      await page.getByRole("button", { name: "Preview the update modal" }).click();
      const modal = page.getByRole("dialog", { name: "Updated version available" });
      await expect(modal).toBeVisible();
      await expect(modal.getByText("Reload the application to continue")).toBeVisible();
      await expect(modal.getByRole("button", { name: "Close" })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, "controls-update-modal");
      await modal.getByRole("button", { name: "Reload application" }).click();
      await expect(modal).toBeHidden();
    });

    test("the label-preset feature modal, remembered once dismissed", async ({ page }) => {
      // Shown by default; the controls page opens it on request.
      await page.getByRole("button", { name: "Show the label-preset feature modal" }).click();
      const feature = page.getByRole("dialog", { name: "New: label presets" });
      await expect(feature).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, "controls-feature-modal");
      await feature.getByRole("button", { name: "Got it" }).click();
      await expect(feature).toBeHidden();
      // Kept under the signed-in person's own entry (preferences:<person id>).
      const remembered = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((name) => name.startsWith("preferences:")) ?? "preferences";
        return JSON.parse(localStorage.getItem(key) ?? "{}").state;
      });
      expect(remembered.showLabelPresetFeatureModal).toBe(false);
    });
  });

  test("the build publishes builds/latest.json, uncached, with the running build's id", async ({ request }) => {
    const response = await request.get("/builds/latest.json");
    expect(response.ok()).toBe(true);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    const body = (await response.json()) as { buildId?: unknown };
    expect(typeof body.buildId).toBe("string");
  });
});

async function scrollTo(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
}

import { expect, type Page, test } from "./support/fixtures";
import { attachScreenshot, resizeTo } from "./support/screenshots";
import { signIn } from "./support/sign-in";

/** Interface preferences written as the Preferences tab writes them (local storage). */
async function setPreferences(page: Page, preferences: Record<string, unknown>) {
  await page.evaluate((changes) => {
    const stored = JSON.parse(localStorage.getItem("preferences") ?? '{"state":{}}');
    stored.state = { ...stored.state, showLabelPresetFeatureModal: false, ...changes };
    localStorage.setItem("preferences", JSON.stringify(stored));
  }, preferences);
}

/** From the temperature step on to the review, past the steps left as they are. */
async function toReview(page: Page) {
  for (const next of ["Humidity", "Shock and battery", "Review"]) {
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByRole("heading", { name: next, exact: true })).toBeVisible();
  }
}

/** The wizard's temperature step, reached with a name of its own. */
async function temperatureStep(page: Page) {
  await page.goto("/label-presets/create");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`E2E number input ${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Temperature", exact: true })).toBeVisible();
}

test("a preset's fields keep a typed minus and point: -2.5 stays -2.5, 2.5 never becomes 25, -5 never 5", async ({
  page,
}) => {
  await signIn(page, "admin@demo.example");
  await setPreferences(page, { locale: "en-US", fahrenheit: false });
  await page.goto("/label-presets/create");
  // A whole number of minutes: 2.5 rounds to 3 (it used to read as 25).
  const interval = page.getByRole("textbox", { name: "Measurement interval" });
  await interval.fill("");
  await interval.pressSequentially("2.5");
  await expect(interval).toHaveValue("3");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`E2E number input ${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Temperature", exact: true })).toBeVisible();
  const minimum = page.getByRole("textbox", { name: "Minimum temperature" });
  await minimum.fill("");
  await minimum.pressSequentially("-2.5");
  await expect(minimum).toHaveValue("-2.5");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Humidity", exact: true })).toBeVisible();
  await page.getByRole("switch", { name: "Humidity" }).click();
  // Humidity cannot be negative: -5 is clamped to 0 (it used to read as 5).
  const humidity = page.getByRole("textbox", { name: "Minimum humidity" });
  await humidity.fill("");
  await humidity.pressSequentially("-5");
  await expect(humidity).toHaveValue("0");
  await page.getByRole("textbox", { name: "Maximum humidity" }).fill("60");
  for (const next of ["Shock and battery", "Review"]) {
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByRole("heading", { name: next, exact: true })).toBeVisible();
  }
  await expect(page.getByText("0 to 60 %RH")).toBeVisible();
  await expect(page.getByText("-2.5 to 8 °C")).toBeVisible();
  await expect(page.getByText(/^3 min$/)).toBeVisible();
});

test("in de-DE a limit is typed with a decimal comma and shown with one", async ({ page }, testInfo) => {
  await signIn(page, "admin@demo.example");
  await setPreferences(page, { locale: "de-DE", fahrenheit: false });
  await temperatureStep(page);
  const maximum = page.getByRole("textbox", { name: "Maximum temperature" });
  await maximum.fill("");
  await maximum.pressSequentially("7,5");
  await expect(maximum).toHaveValue("7,5");
  for (const [name, width, height] of [
    ["temperature-step-1440", 1440, 900],
    ["temperature-step-390", 390, 844],
  ] as const) {
    await resizeTo(page, { width, height });
    await attachScreenshot(page, testInfo, name);
  }
  await resizeTo(page, { width: 1280, height: 720 });
  await toReview(page);
  await expect(page.getByText("2 to 7,5 °C")).toBeVisible();
});

test("fixing the minimum clears the maximum's 'must be above' message at once", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await setPreferences(page, { locale: "en-US", fahrenheit: false });
  await temperatureStep(page);
  await page.getByRole("textbox", { name: "Minimum temperature" }).fill("9");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Must be above the minimum temperature")).toBeVisible();
  await page.getByRole("textbox", { name: "Minimum temperature" }).fill("3");
  await expect(page.getByText("Must be above the minimum temperature")).toHaveCount(0);
});

test("an empty required field says 'Enter a value'", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await setPreferences(page, {});
  await page.goto("/label-presets/create");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Enter a value")).toBeVisible();
  await expect(page.getByText("Field is not optional")).toHaveCount(0);
});

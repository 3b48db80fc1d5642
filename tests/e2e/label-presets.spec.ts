import { expect, type Page, test } from "./support/fixtures";
import { confirmBubble } from "./support/motion";
import { apiAs, signIn } from "./support/sign-in";

/** The presets list, with the feature modal (shown on a first visit) dismissed. */
async function openPresets(page: Page) {
  await page.goto("/label-presets");
  const modal = page.getByRole("dialog", { name: "New: label presets" });
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("heading", { name: "Label presets" })).toBeVisible();
}

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

test("an administrator creates a preset in the wizard, fixes a server error on its step, finds and edits it", async ({
  page,
}) => {
  // The browser tests' database outlives a run: a name of its own each time.
  const run = Date.now().toString(36);
  const name = `E2E Vaccines 2–8 °C ${run}`;
  await signIn(page, "admin@demo.example");
  await openPresets(page);
  await expect(page.getByRole("link", { name: /Pharma 2–8 °C/ }).first()).toBeVisible();

  await page.getByRole("button", { name: "New preset" }).click();
  await expect(page).toHaveURL(/\/label-presets\/create$/);

  // General: a name the company already uses (only the server can tell).
  await expect(stepHeading(page, "General")).toBeVisible();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Enter a value")).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("pharma 2–8 °c");
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // Temperature: the step's own rule is checked before going on.
  await expect(stepHeading(page, "Temperature")).toBeVisible();
  await page.getByRole("textbox", { name: "Minimum temperature" }).fill("9");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Must be above the minimum temperature")).toBeVisible();
  await expect(stepHeading(page, "Temperature")).toBeVisible();
  await page.getByRole("textbox", { name: "Minimum temperature" }).fill("2");
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // Humidity on, 30 to 60 %RH.
  await expect(stepHeading(page, "Humidity")).toBeVisible();
  await page.getByRole("switch", { name: "Humidity" }).click();
  await page.getByRole("textbox", { name: "Minimum humidity" }).fill("30");
  await page.getByRole("textbox", { name: "Maximum humidity" }).fill("60");
  await page.getByRole("button", { name: "Next", exact: true }).click();

  await expect(stepHeading(page, "Shock and battery")).toBeVisible();
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // Review: nothing is saved before this button.
  await expect(stepHeading(page, "Review")).toBeVisible();
  await expect(page.getByText("30 to 60 %RH")).toBeVisible();
  await page.getByRole("button", { name: "Create preset" }).click();

  // The duplicate name comes back on the General step, under the name.
  await expect(stepHeading(page, "General")).toBeVisible();
  await expect(page.getByText("A preset with this name already exists")).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("button", { name: "Review", exact: true }).click();
  await expect(stepHeading(page, "Review")).toBeVisible();
  await page.getByRole("button", { name: "Create preset" }).click();

  // Saved: its page by slug.
  await expect(page).toHaveURL(new RegExp(`/label-presets/e2e-vaccines-2-8-c-${run}$`));
  await expect(page.getByRole("heading", { name })).toBeVisible();

  // Found in the list by search.
  await page.goto("/label-presets");
  await page.getByRole("searchbox", { name: "Search" }).fill(`e2e vaccines 2–8 °c ${run}`);
  await expect(page.getByRole("row")).toHaveCount(2);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByText("2 to 8 °C")).toBeVisible();
  await expect(row.getByText("30 to 60 %RH")).toBeVisible();
  await row.getByRole("link", { name: /E2E Vaccines/ }).click();

  // Edited: the maximum temperature goes to 10 °C.
  await page.getByRole("button", { name: /Edit$/ }).click();
  await page.getByRole("textbox", { name: "Maximum temperature" }).fill("10");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("2 to 10 °C")).toBeVisible();
  await page.reload();
  await expect(page.getByText("2 to 10 °C")).toBeVisible();

  // Unused, so it can be archived and deleted (after a confirmation).
  await page.getByRole("button", { name: `Archive ${name}` }).click();
  await expect(page.getByText("Archived", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await confirmBubble(page, "Delete");
  await expect(page).toHaveURL(/\/label-presets(\?|$)/);
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
});

test("temperatures are typed and shown in °F for a user who prefers it", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("preferences") ?? '{"state":{}}');
    stored.state = { ...stored.state, fahrenheit: true, showLabelPresetFeatureModal: false };
    localStorage.setItem("preferences", JSON.stringify(stored));
  });
  await page.goto("/label-presets");
  await page.getByRole("searchbox", { name: "Search" }).fill("Pharma 2–8 °C with humidity");
  await expect(page.getByRole("row", { name: /with humidity/ }).getByText("35.6 to 46.4 °F")).toBeVisible();
});

test("a preset used by reports cannot be deleted, only archived", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await openPresets(page);
  await page.getByRole("searchbox", { name: "Search" }).fill("Pharma 2–8 °C with humidity");
  const row = page.getByRole("row", { name: /with humidity/ });
  await expect(row.getByRole("button", { name: /^Delete/ })).toBeDisabled();
  await expect(row.getByRole("button", { name: /^Archive/ })).toBeEnabled();
});

test.describe("a user without 'read label presets'", () => {
  for (const path of ["/label-presets/create", "/label-presets/pharma-2-8-c"]) {
    test(`is sent to / from ${path}, with no preset controls in sight`, async ({ page }) => {
      await signIn(page, "user@demo.example");
      await page.goto(path);
      await expect(page).toHaveURL(/\/label-reports$/);
      await expect(page.getByRole("button", { name: "New preset" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
    });
  }
});

test("an administrator creates a preset with three temperature bands of their own severities", async ({ page }) => {
  const run = Date.now().toString(36);
  const name = `E2E Bands ${run}`;
  await signIn(page, "admin@demo.example");
  await openPresets(page);
  await page.getByRole("button", { name: "New preset" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(stepHeading(page, "Temperature")).toBeVisible();

  const choose = async (label: string, option: string) => {
    await page.getByRole("combobox", { name: label }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  };
  const rows = page.getByTestId("band-row");
  // Warning above 8 °C after 30 min.
  await page.getByRole("button", { name: "Add band" }).click();
  await page.getByRole("textbox", { name: "Band 1 delay" }).fill("30");
  // Alarm above 8 °C after 60 min, cumulative.
  await page.getByRole("button", { name: "Add band" }).click();
  await expect(rows).toHaveCount(2);
  await choose("Band 2 severity", "Alarm");
  await page.getByRole("textbox", { name: "Band 2 delay" }).fill("60");
  await choose("Band 2 delay type", "Cumulative");
  // Critical above 15 °C at once.
  await page.getByRole("button", { name: "Add band" }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole("textbox", { name: "Band 3 limit" }).fill("15");
  await choose("Band 3 severity", "Critical");
  await page.screenshot({ path: "test-results/preset-bands-editor.png", fullPage: true });

  for (const step of ["Humidity", "Shock and battery", "Review"]) {
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
  await expect(page.getByText("Warning above 8 °C after 30 min")).toBeVisible();
  await expect(page.getByText("Alarm above 8 °C after 1 h (cumulative)")).toBeVisible();
  await expect(page.getByText("Critical above 15 °C at once")).toBeVisible();
  await page.getByRole("button", { name: "Create preset" }).click();

  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("Critical above 15 °C at once")).toBeVisible();
  await page.screenshot({ path: "test-results/preset-bands-detail.png", fullPage: true });

  // Other browser tests register labels with the newest preset: this one leaves again.
  const slug = new URL(page.url()).pathname.split("/").pop() as string;
  const removed = await page.request.delete(`/api/label-presets/${slug}`, {
    headers: await apiAs(page.request, "admin@demo.example"),
  });
  expect(removed.status()).toBe(204);
});

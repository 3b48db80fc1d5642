import { formatInstant } from "../../core/domain/datetime";
import { expect, type Page, test } from "./support/fixtures";
import { openFilters } from "./support/motion";
import { attachBothSizes } from "./support/screenshots";
import { apiAs, submitSignIn } from "./support/sign-in";

/**
 * Preferences everywhere: the controls' date picker in the chosen locale and
 * zone, the public share page in the viewer's locale, and the download dialog's unit
 * following the company's °F for a member who chose none.
 */

/** Signs in with these preferences already saved in the browser (as if chosen on the profile). */
async function signInWith(page: Page, email: string, preferences: Record<string, unknown>) {
  await page.addInitScript((state) => {
    if (!localStorage.getItem("preferences"))
      localStorage.setItem(
        "preferences",
        JSON.stringify({ state: { showLabelPresetFeatureModal: false, ...state }, version: 0 }),
      );
  }, preferences);
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
}

/** 'YYYY-MM-DD' of now in a zone. */
const dayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(at);

test.describe("the date picker", () => {
  // The device is 11 hours behind UTC and the chosen zone 14 ahead: their days always differ.
  test.use({ timezoneId: "Pacific/Pago_Pago", locale: "en-US" });

  test("in de-DE with a zone a day ahead of the device, names, the field's text and today follow the choice", async ({
    page,
  }, testInfo) => {
    const zone = "Pacific/Kiritimati";
    await signInWith(page, "user@demo.example", { locale: "de-DE", timeZone: zone });
    await openFilters(page);
    await page.getByRole("combobox", { name: "Started between" }).click();
    const calendar = page.getByRole("dialog").filter({ has: page.getByRole("grid") });

    const today = dayIn(zone);
    expect(today).not.toBe(dayIn("Pacific/Pago_Pago"));
    await expect(calendar.locator("[data-today]")).toHaveAttribute("data-day", today);
    const month = new Intl.DateTimeFormat("de-DE", { timeZone: zone, month: "long", year: "numeric" }).format(
      new Date(),
    );
    await expect(calendar.getByRole("grid")).toHaveAttribute("aria-label", month);
    // Weeks still start on Monday.
    await expect(calendar.getByRole("columnheader").nth(1)).toHaveAccessibleName("Montag");
    await expect(calendar.getByRole("columnheader").nth(1)).toHaveText("Mo");
    await expect(calendar.getByRole("columnheader").nth(7)).toHaveText("So");
    await attachBothSizes(page, testInfo, "date picker de-DE", { show: calendar.getByRole("grid") });

    await calendar.locator(`[data-day="${today.slice(0, 8)}10"]`).click();
    await calendar.locator(`[data-day="${today.slice(0, 8)}12"]`).click();
    await calendar.getByRole("button", { name: "Select period" }).click();
    const [year, monthNumber] = today.split("-");
    await expect(page.getByRole("combobox", { name: "Started between" })).toHaveValue(
      `10.${monthNumber}.${year} – 12.${monthNumber}.${year}`,
    );
  });
});

test.describe("the public share page", () => {
  // A partner's browser in German and Tokyo time, never signed in to the dashboard.
  test.use({ timezoneId: "Asia/Tokyo", locale: "de-DE" });

  test("reads in the viewer's browser locale and zone, and in the preferences saved in this browser once there are some", async ({
    page,
    request,
  }, testInfo) => {
    const headers = await apiAs(request, "admin@demo.example");
    const filter = encodeURIComponent("status[eq]ended");
    const list = await request.get(`/api/label-reports?filter=${filter}&pageSize=5`, { headers });
    expect(list.ok()).toBe(true);
    const report = ((await list.json()).data as { id: string; startTime: string }[])[0];
    if (!report) throw new Error("the demo seed has no ended report");
    const created = await request.post(`/api/label-reports/${report.id}/share-links`, { headers, data: {} });
    expect(created.status()).toBe(201);
    const link = (await created.json()) as { id: string; url: string };
    try {
      await page.goto(new URL(link.url).pathname);
      const started = page.locator(".ant-descriptions").first();
      await expect(started).toContainText(formatInstant(report.startTime, { timeZone: "Asia/Tokyo", locale: "de-DE" }));
      // Temperatures with the German decimal comma, in the company's °C.
      const summary = page.locator(".ant-card").filter({ hasText: "Summary" });
      await expect(summary).toContainText(/-?\d+,\d °C/);
      await expect(page.getByTestId("chart-temperature")).toHaveAttribute("data-chart-painted", "true");
      await attachBothSizes(page, testInfo, "share page de-DE", { fullPage: true });

      // Preferences saved in this browser by the dashboard win over the browser's settings.
      await page.evaluate(() =>
        localStorage.setItem(
          "preferences",
          JSON.stringify({ state: { locale: "en-GB", timeZone: "America/New_York", fahrenheit: true }, version: 0 }),
        ),
      );
      await page.reload();
      await expect(started).toContainText(
        formatInstant(report.startTime, { timeZone: "America/New_York", locale: "en-GB" }),
      );
      await expect(summary).toContainText(/-?\d+\.\d °F/);
      await expect(summary).not.toContainText("°C");
    } finally {
      await request.delete(`/api/label-reports/${report.id}/share-links/${link.id}`, { headers });
    }
  });
});

test("a member who chose no unit gets the company's °F as the download dialog's unit, and their locale", async ({
  page,
  request,
}, testInfo) => {
  const admin = await apiAs(request, "admin@demo.example");
  const set = await request.patch("/api/company", { headers: admin, data: { temperatureUnit: "fahrenheit" } });
  expect(set.status()).toBe(200);
  try {
    // user@demo.example is a member of the admin's company; nothing chosen but the locale.
    await signInWith(page, "user@demo.example", { locale: "de-DE" });
    await page.locator(".ant-table-tbody a[href*='/label-reports/']").first().click();
    const drawer = page.locator(".ant-drawer-content");
    await drawer.getByRole("button", { name: "Download" }).click();
    const dialog = page.getByRole("dialog", { name: "Download report" });
    await expect(dialog.getByRole("radio", { name: "Fahrenheit (°F)" })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "Celsius (°C)" })).not.toBeChecked();
    await expect(dialog).toContainText("German (Germany)");
    // The spec's other defaults stay: PDF, A4, UTC.
    await expect(dialog.getByRole("radio", { name: "PDF" })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "A4" })).toBeChecked();
    await attachBothSizes(page, testInfo, "download dialog company °F", { show: dialog });
  } finally {
    // The demo company goes back to °C for the specs that follow, whatever happened above.
    const reset = await request.patch("/api/company", { headers: admin, data: { temperatureUnit: "celsius" } });
    expect(reset.status()).toBe(200);
  }
});

test("a member who chose no unit never sees a report or a preset form in °C while the company's °F is on its way", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, "admin@demo.example");
  const set = await request.patch("/api/company", { headers: admin, data: { temperatureUnit: "fahrenheit" } });
  expect(set.status()).toBe(200);
  try {
    await signInWith(page, "admin@demo.example", {});
    const filter = encodeURIComponent("status[eq]ended");
    const list = await request.get(`/api/label-reports?filter=${filter}&pageSize=1`, { headers: admin });
    const report = ((await list.json()).data as { id: string; labelId: string }[])[0];
    if (!report) throw new Error("the demo seed has no ended report");

    // The profile (which carries the company's unit) is held back until the page has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/me", async (route) => {
      await held;
      await route.continue();
    });
    const nextFrames = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

    // The report overlay, opened by its address (nothing cached): its title comes with the report,
    // in the same render as its body would.
    await page.goto(`/label-reports/${report.id}`);
    const drawer = page.locator(".ant-drawer-content");
    await expect(drawer.getByText(`Label report ${report.labelId}`)).toBeVisible();
    await nextFrames();
    expect(await drawer.getByRole("region", { name: "Summary" }).count(), "the report drawn before its unit").toBe(0);
    release();
    const statistics = drawer.getByRole("region", { name: "Statistics" });
    await expect(statistics).toContainText(/-?\d+\.\d °F/);
    await expect(statistics).not.toContainText("°C");

    // The preset wizard's defaults (2 to 8 °C) are put in the person's unit when the form starts:
    // the profile is let through once the page that asked for it has drawn what it draws meanwhile.
    const heldAgain = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = () => {};
    const requested = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.unroute("**/api/me");
    await page.route("**/api/me", async (route) => {
      asked();
      await heldAgain;
      await route.continue();
    });
    await page.goto("/label-presets/create");
    await requested;
    await nextFrames();
    release();
    await page.getByRole("textbox", { name: "Name" }).fill(`Unit gate ${test.info().testId}`);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByRole("textbox", { name: "Minimum temperature" })).toHaveValue("35.6");
    await expect(page.getByRole("textbox", { name: "Maximum temperature" })).toHaveValue("46.4");
  } finally {
    const reset = await request.patch("/api/company", { headers: admin, data: { temperatureUnit: "celsius" } });
    expect(reset.status()).toBe(200);
  }
});

import { DEMO_PASSWORD } from "../../server/seed/accounts";
import { expect, test } from "./support/fixtures";
import { ingestedLabel } from "./support/reports";
import { apiAs, signInAt } from "./support/sign-in";

/**
 * The signing dialog of a QA disposition. admin@demo.example is an
 * administrator (labelReport approve); the report is an ended one of the demo seed
 * nobody has signed, found over the API.
 */

test("signing dialog: a wrong password is refused with a field error; the right one signs, dated with its zone", async ({
  page,
}) => {
  const headers = await apiAs(page.request, "admin@demo.example");
  // Without open alarms: those refuse a release (the deviations spec covers that).
  const filter = encodeURIComponent("status[eq]ended,openAlarm[eq]false,violation[eq]false");
  const list = await page.request.get(`/api/label-reports?filter=${filter}&pageSize=50`, { headers });
  expect(list.ok()).toBe(true);
  const unsigned = ((await list.json()).data as { id: string; disposition: string | null }[]).find(
    (r) => r.disposition === null,
  );
  if (!unsigned) throw new Error("the demo seed has no unsigned ended report");

  await signInAt(page, "admin@demo.example", `/label-reports/${unsigned.id}`);
  const section = page.getByRole("region", { name: "Disposition" });
  await expect(section).toContainText("No disposition signed yet");
  await section.getByRole("button", { name: "Sign disposition" }).click();

  const dialog = page.getByRole("dialog", { name: /Sign disposition of/ });
  await dialog.getByText("Released", { exact: true }).click();
  await expect(dialog).toContainText("Your signature means: Released for sale");
  await dialog.getByRole("textbox", { name: "Comment" }).fill("Checked on arrival");
  await expect(dialog.getByTestId("disposition-facts")).toContainText(/This report has (no|\d+) excursions?/);

  await dialog.getByLabel("Your password").fill("Not-my-password-1");
  await dialog.getByRole("button", { name: "Sign" }).click();
  await expect(dialog).toContainText("The password is wrong");
  await expect(section).toContainText("No disposition signed yet");

  await dialog.getByLabel("Your password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign" }).click();
  await expect(dialog).toBeHidden();
  const current = section.getByTestId("disposition-current");
  await expect(current).toContainText("Released for sale");
  await expect(current).toContainText("admin@demo.example");
  await expect(current).toContainText("Checked on arrival");
  // The signature's time says its zone; a further decision is a new signature, and says so.
  await expect(current.getByRole("row", { name: /Signed at/ })).toHaveText(/(GMT|UTC)[+-]?\d*\s*$/);
  await expect(section.getByRole("button", { name: "Sign a new disposition" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Audit trail" })).toContainText(/disposition/i);
});

test("readings that arrive after a release supersede it: the report is changed after signature, in Needs attention and its overlay", async ({
  page,
}) => {
  // A label logged 5 °C every 10 min for three hours but sent nothing for the hour in the middle.
  const labelId = `LATE-${Date.now().toString(36)}`;
  const start = Date.now() - 4 * 3_600_000;
  const at = (i: number) => ({ time: new Date(start + i * 600_000).toISOString(), temperature: 5 });
  const all = Array.from({ length: 19 }, (_, i) => i);
  const label = await ingestedLabel(page, "admin@demo.example", labelId, all.filter((i) => i < 6 || i > 12).map(at));
  await label.stop("ended");
  // The demo preset may find the 5 °C out of range: its alarms are acknowledged first, as a
  // release waits for that (deviations.spec.ts tests the refusal).
  const headers = await apiAs(page.request, "admin@demo.example");
  const alarms = await page.request.get(`/api/alarms?filter=${encodeURIComponent(`reportId[eq]${label.id}`)}`, {
    headers,
  });
  for (const alarm of (await alarms.json()).data as { id: string; state: string }[])
    if (alarm.state === "open")
      expect(
        (
          await page.request.post(`/api/alarms/${alarm.id}/acknowledge`, {
            headers,
            data: { comment: "Checked with the carrier before release" },
          })
        ).status(),
      ).toBe(200);

  await signInAt(page, "admin@demo.example", `/label-reports/${label.id}`);
  const section = page.getByRole("region", { name: "Disposition" });
  await section.getByRole("button", { name: "Sign disposition" }).click();
  const dialog = page.getByRole("dialog", { name: /Sign disposition of/ });
  await dialog.getByText("Released", { exact: true }).click();
  // The missing hour makes the data incomplete, which the signer must explain.
  await dialog.getByRole("textbox", { name: "Comment" }).fill("The label's memory will be read out at the hub");
  await dialog.getByLabel("Your password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId("disposition-current")).toContainText("Released for sale");

  // The label's memory is read out: the missing hour, at 28 °C.
  await label.send(all.filter((i) => i >= 6 && i <= 12).map((i) => ({ ...at(i), temperature: 28 })));

  await page.goto("/needs-attention");
  const card = page.getByTestId("attention-changedAfterSignature");
  await expect(card).toContainText("Changed after signature");
  await card.getByRole("link", { name: labelId }).click();
  const changed = page.getByRole("region", { name: "Disposition" }).getByTestId("changed-after-signature");
  await expect(changed).toContainText("Changed after signature");
  await expect(changed).toContainText("readings arrived");
  await expect(page.getByRole("region", { name: "Disposition" }).getByTestId("disposition-superseded")).toContainText(
    "Released for sale",
  );
});

test("archiving a report asks for it by name and a reason of 10 characters, kept in its trail", async ({ page }) => {
  const labelId = `ARCHIVE-${Date.now().toString(36)}`;
  const start = Date.now() - 3 * 3_600_000;
  const readings = Array.from({ length: 12 }, (_, i) => ({
    time: new Date(start + i * 600_000).toISOString(),
    temperature: 5,
  }));
  const label = await ingestedLabel(page, "admin@demo.example", labelId, readings);
  await label.stop("ended");

  await signInAt(page, "admin@demo.example", `/label-reports/${label.id}`);
  await page.getByRole("button", { name: "Archive" }).click();
  const dialog = page.getByRole("dialog", { name: `Archive ${labelId}?` });
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Too short");
  await dialog.getByRole("button", { name: "Archive" }).click();
  await expect(dialog).toContainText("The reason must be at least 10 characters");
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Registered twice by the gateway");
  // The message folds away as the reason becomes long enough, moving the buttons up: a click
  // during that motion can land where the button was.
  await expect(dialog).not.toContainText("The reason must be at least 10 characters");
  await dialog.getByRole("button", { name: "Archive" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Unarchive" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Audit trail" })).toContainText("Registered twice by the gateway");
});

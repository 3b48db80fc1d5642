import { expect, test } from "./support/fixtures";
import { signInAt } from "./support/sign-in";

test("an administrator adds a webhook, sees its secret once, and finds the test event in its delivery log", async ({
  page,
}) => {
  // A documentation address (TEST-NET-1): public, so accepted, and it never answers. Unique per
  // run: a reused test database may hold endpoints of earlier runs.
  const url = `https://192.0.2.10/coldchain/${Date.now()}`;
  await signInAt(page, "admin@demo.example", "/settings");
  await page.getByRole("link", { name: /Webhooks/ }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await page.getByRole("button", { name: "Add webhook" }).click();
  const dialog = page.getByRole("dialog", { name: "Add webhook" });
  await dialog.getByRole("textbox", { name: "URL" }).fill(url);
  await dialog.getByRole("checkbox", { name: "Report ended" }).check();
  await dialog.getByRole("button", { name: "Add", exact: true }).click();

  const secret = page.getByTestId("new-webhook-secret");
  await expect(secret).toContainText("whsec_");
  const shown = ((await secret.textContent()) ?? "").trim();
  await page.getByRole("button", { name: "I have copied the secret" }).click();
  const row = page.getByRole("row", { name: new RegExp(url) });
  await expect(row).toContainText("report.ended");
  // Shown once: the list never has it.
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(shown);

  await row.getByRole("button", { name: "Send test event" }).click();
  const log = page.getByRole("dialog", { name: `Deliveries to ${url}` });
  await expect(log.getByRole("row", { name: /test/ })).toBeVisible();
  await log.getByRole("button", { name: "Close" }).click();

  await row.getByRole("button", { name: `Delete webhook to ${url}` }).click();
  await expect(page.getByText(`Delete the webhook to ${url}?`)).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(row).toBeHidden();
});

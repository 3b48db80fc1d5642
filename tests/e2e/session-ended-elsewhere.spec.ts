import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import { expectUsersPageSignsOut, watchErrors } from "./support/sign-out";

/**
 * A session ended on another device signs this tab out cleanly (no render loop). With the
 * usual hour-long access token: with the suite's 8-second tokens, a busy machine could let
 * the token this test reads from the browser expire before the "other device" uses it.
 */
test.use({ accessTokenSeconds: 3600 });

test("a session ended elsewhere signs this tab out to the sign-in form", async ({ page, request }) => {
  const errors = watchErrors(page);
  await signIn(page, "admin@demo.example");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  // Another device ends this very session on the server; this browser still holds its cookies.
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const ended = await request.post("/api/auth/signout", {
    headers: { cookie, "st-auth-mode": "cookie", rid: "session" },
  });
  expect(ended.ok()).toBe(true);
  await expectUsersPageSignsOut(page, errors);
  await expect(page.getByText("Your session ended.")).toBeVisible();
});

// @vitest-environment happy-dom
import { expect, it, vi } from "vitest";

// The sign-in code's chunk cannot be fetched (offline, or replaced by a new deployment).
vi.mock("@/providers/auth/sign-in-methods", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

import { createAuthProvider, SIGN_IN_NOT_LOADED_MESSAGE } from "@/providers/auth-provider";

const failed = { success: false, error: { name: "Sign in", message: SIGN_IN_NOT_LOADED_MESSAGE } };

it("a sign-in whose code cannot be loaded answers a failed sign-in with what to do", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const auth = createAuthProvider();
  await expect(auth.login({ method: "password", email: "ada@example.com", password: "x" })).resolves.toEqual(failed);
  await expect(auth.register?.({ email: "ada@example.com", password: "x" })).resolves.toEqual(failed);
  await expect(auth.forgotPassword?.({ email: "ada@example.com" })).resolves.toEqual(failed);
  await expect(auth.updatePassword?.({ password: "x" })).resolves.toEqual(failed);
});

import type { Page, Response } from "@playwright/test";

/** The answer to the dashboard's revocation of an impersonation token (sent after it stopped locally). */
export function impersonationRevoked(page: Page): Promise<Response> {
  return page.waitForResponse(
    (r) => r.request().method() === "DELETE" && new URL(r.url()).pathname === "/api/auth/impersonate",
  );
}

import { expect } from "vitest";
import type { TestApp } from "./app";
import { ProtocolClient } from "./protocol";

/**
 * A person signing a disposition as the dashboard does: their own sign-in session, the
 * company's role token, their password. Answers the signed disposition.
 */
export async function signDisposition(
  t: TestApp,
  signer: { email: string; password: string; companyId: string },
  reportId: string,
  body: { disposition?: string; comment?: string } = {},
) {
  const client = new ProtocolClient(t.app);
  expect((await client.signIn(signer.email, signer.password)).json().status).toBe("OK");
  expect((await client.companyToken(signer.companyId)).statusCode).toBe(200);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/label-reports/${reportId}/disposition`,
    headers: client.sessionHeaders,
    payload: { disposition: "released", comment: "Checked the record", ...body, password: signer.password },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

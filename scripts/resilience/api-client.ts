/**
 * Signs in through the API as the dashboard does (SuperTokens protocol, header mode)
 * and gets a company role token, so the load and fault runs call the API with exactly
 * the credentials a browser would hold.
 */

export interface Session {
  accessToken: string;
  refreshToken: string;
  companyId: string;
  /** The data-request headers: role token secret and JWT. */
  headers: Record<string, string>;
}

const PROTOCOL = { "st-auth-mode": "header", "content-type": "application/json" };
// Calls without a body must not claim a JSON one (Fastify refuses an empty JSON body with 400).
const NO_BODY = { "st-auth-mode": "header" };

export async function signIn(baseUrl: string, email: string, password: string, companyName?: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/auth/signin`, {
    method: "POST",
    headers: { ...PROTOCOL, rid: "emailpassword" },
    body: JSON.stringify({
      formFields: [
        { id: "email", value: email },
        { id: "password", value: password },
      ],
    }),
  });
  const body = (await res.json()) as {
    status: string;
    roles?: { company: { id: string; name: string } }[];
  };
  const accessToken = res.headers.get("st-access-token");
  const refreshToken = res.headers.get("st-refresh-token");
  if (body.status !== "OK" || !accessToken || !refreshToken) {
    throw new Error(`Sign-in of ${email} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  }
  const role = body.roles?.find((r) => !companyName || r.company.name === companyName) ?? body.roles?.[0];
  if (!role) throw new Error(`${email} has no role`);
  const token = await companyToken(baseUrl, accessToken, role.company.id);
  return { accessToken, refreshToken, companyId: role.company.id, headers: token };
}

async function companyToken(baseUrl: string, accessToken: string, companyId: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: "POST",
    headers: { ...PROTOCOL, rid: "session", authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ companyId }),
  });
  if (res.status !== 200) throw new Error(`Role token: HTTP ${res.status} ${await res.text()}`);
  const { jwtToken, secret } = (await res.json()) as { jwtToken: string; secret: string };
  return { "api-key": secret, jwt: jwtToken, "x-database": "postgres" };
}

export async function signOut(baseUrl: string, accessToken: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/auth/signout`, {
    method: "POST",
    headers: { ...NO_BODY, rid: "session", authorization: `Bearer ${accessToken}` },
  });
  await res.text();
  return res.status;
}

export async function refresh(baseUrl: string, refreshToken: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/auth/session/refresh`, {
    method: "POST",
    headers: { ...NO_BODY, rid: "session", authorization: `Bearer ${refreshToken}` },
  });
  await res.text();
  return res.status;
}

/** A JSON call with the role-token headers; never throws on a status, only on no answer. */
export async function call(
  baseUrl: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.text() };
}

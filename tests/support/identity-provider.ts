import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type AccountClaims } from "oidc-provider";

/**
 * A real OpenID Connect provider on 127.0.0.1 for tests (oidc-provider with its
 * development login screens: any login name is accepted and becomes the e-mail).
 * The e-mail and email_verified go into the ID token itself, as Google, Keycloak and
 * Okta put them. A login name `mode:e-mail` shapes what the provider vouches for:
 * - `no-email-verified:` the ID token has the e-mail but no email_verified claim;
 * - `email-unverified:` email_verified is false;
 * - `string-false:` email_verified is the string "false" (some providers send strings);
 * - `userinfo-email:` the ID token has no e-mail; only the UserInfo answer has it (verified);
 * - `other-audience:` the ID token is signed for another client (a broken or hostile provider).
 * A plain name starting with `unverified-` is its own e-mail with email_verified false.
 */
function accountClaims(id: string, use: string): AccountClaims {
  const [mode, email] = id.includes(":") ? (id.split(":", 2) as [string, string]) : ["", id];
  const claims: AccountClaims = { sub: id, given_name: "Sso", family_name: "Person" };
  if (mode === "userinfo-email" && use !== "userinfo") return claims;
  claims.email = email;
  if (mode === "no-email-verified") return claims;
  if (mode === "string-false") return { ...claims, email_verified: "false" };
  claims.email_verified = mode !== "email-unverified" && !email.startsWith("unverified-");
  return claims;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestIdentityProvider(redirectUris: string[]): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "coldchain-dashboard";
  const clientSecret = "test-client-secret-that-is-long-enough-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    scopes: ["openid", "email", "profile"],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ["test-cookie-key-0123456789"] },
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims(use: string) {
          return accountClaims(id, use);
        },
      };
    },
  });
  const issue = provider.IdToken.prototype.issue;
  provider.IdToken.prototype.issue = function (this: InstanceType<Provider["IdToken"]>, options) {
    if (String(this.available.sub).startsWith("other-audience:")) {
      // The audience is the client's id at signing time; `client` is readonly only in the types.
      const forAnother = new Proxy(this.client, {
        get: (target, key) => (key === "clientId" ? "another-client" : Reflect.get(target, key)),
      });
      Object.defineProperty(this, "client", { value: forAnother });
    }
    return issue.call(this, options);
  };
  // Keep the provider's own warnings (dev interactions, http issuer) out of test output.
  provider.on("server_error", () => {});
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Walks the provider's development login and consent forms over HTTP; returns the callback URL. */
export async function loginAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) cookies.set(name.trim(), value.join("="));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: cookieHeader(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body,
    });
    remember(res);
    body = undefined;
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No form at ${url}: ${html.slice(0, 200)}`);
    url = new URL(action, url).href;
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: "login", login, password: "any" })
      : new URLSearchParams({ prompt: "consent" });
  }
  throw new Error("The identity provider did not redirect back");
}

import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/** Speaks the SuperTokens frontend protocol in header mode, as the SDK would. */
export class ProtocolClient {
  accessToken?: string;
  refreshToken?: string;
  roleHeaders?: Record<string, string>;

  constructor(private readonly app: FastifyInstance) {}

  private absorb(res: LightMyRequestResponse) {
    const at = res.headers["st-access-token"];
    const rt = res.headers["st-refresh-token"];
    if (typeof at === "string") this.accessToken = at || undefined;
    if (typeof rt === "string") this.refreshToken = rt || undefined;
    if (res.headers["front-token"] === "remove") {
      this.accessToken = undefined;
      this.refreshToken = undefined;
    }
    return res;
  }

  async call(method: "GET" | "POST", url: string, payload?: object, headers: Record<string, string> = {}) {
    const auth: Record<string, string> = this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {};
    const res = await this.app.inject({
      method,
      url,
      headers: { "st-auth-mode": "header", rid: "emailpassword", ...auth, ...headers },
      ...(payload ? { payload } : {}),
    });
    return this.absorb(res);
  }

  async signIn(email: string, password: string) {
    return this.call("POST", "/api/auth/signin", {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: password },
      ],
    });
  }

  async refresh(token = this.refreshToken) {
    const res = await this.app.inject({
      method: "POST",
      url: "/api/auth/session/refresh",
      headers: { "st-auth-mode": "header", rid: "session", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return this.absorb(res);
  }

  /** The role token together with the sign-in session, as the dashboard sends both to a credential route. */
  get sessionHeaders(): Record<string, string> {
    if (!this.roleHeaders || !this.accessToken) throw new Error("Sign in and get a company token first");
    return { ...this.roleHeaders, authorization: `Bearer ${this.accessToken}` };
  }

  async companyToken(companyId: string) {
    const res = await this.call("POST", "/api/auth/token", { companyId });
    if (res.statusCode === 200) {
      const { jwtToken, secret } = res.json();
      this.roleHeaders = { "api-key": secret, jwt: jwtToken, "x-database": "postgres" };
    }
    return res;
  }
}

export function decodeFrontToken(value: string) {
  return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as {
    uid: string;
    ate: number;
    up: Record<string, unknown>;
  };
}

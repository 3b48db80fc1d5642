import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { INVITES_PER_INVITER_PER_HOUR } from "../../../server/invites/issue-invite";
import { createTestApp, type TestApp } from "../support/app";
import { flaggedMember } from "../support/members";
import { buildWorld, type World } from "../support/world";

/**
 * Names travel into e-mail headers, CSV rows and PDFs: a CR/LF (or another control
 * character) in a company, person, preset or custom-field name is refused with a 400
 * naming the field, by one rule (core/domain/plain-text.ts). Invitations, each an e-mail
 * in the product's name, are limited per inviter.
 */

let t: TestApp;
let world: World;
let admin: Record<string, string>;
/** An administrator of A with the CUSTOM_FIELDS flag (custom fields are behind it). */
let fieldEditor: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  fieldEditor = await flaggedMember(t, "fields@test.example", world.companies.a, { CUSTOM_FIELDS: true });
});
afterAll(async () => t?.close());

const CONTROL_ERROR = "must not contain line breaks or other control characters";

function send(method: "POST" | "PATCH", url: string, payload: unknown, headers = admin) {
  return t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

describe("names with control characters", () => {
  test.each([
    ["company name", "PATCH", "/api/company", { name: "Acme\r\nBcc: all@example.com" }, "name"],
    ["a person's first name", "PATCH", "/api/me", { firstName: "Eve\nAdmin" }, "firstName"],
    ["a person's last name", "PATCH", "/api/me", { lastName: "Smith\u0007" }, "lastName"],
    ["a preset name", "POST", "/api/label-presets", { name: "2-8\r\nInjected" }, "name"],
    ["a custom field name", "POST", "/api/custom-fields", { name: "Lot\u2028number", type: "text" }, "name"],
  ] as const)(
    "%s with a control character is refused with 400 naming the field",
    async (_what, method, url, body, field) => {
      const res = await send(method, url, body, url === "/api/custom-fields" ? fieldEditor : admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().formFields).toContainEqual({ id: field, error: expect.stringContaining("control characters") });
    },
  );

  test("a blank company name is still refused, and a plain one with accents and dashes is taken", async () => {
    const blank = await send("PATCH", "/api/company", { name: "   " });
    expect(blank.statusCode).toBe(400);
    const fine = await send("PATCH", "/api/company", { name: "Müller-Lüdenscheidt & Söhne GmbH" });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  test("a sign-up first name with a line break is a field error naming it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { rid: "emailpassword", "content-type": "application/json" },
      payload: {
        formFields: [
          { id: "email", value: "newcomer@test.example" },
          { id: "password", value: "a long enough passphrase 1" },
          { id: "firstName", value: "New\r\ncomer" },
        ],
      },
    });
    expect(res.json()).toMatchObject({
      status: "FIELD_ERROR",
      formFields: expect.arrayContaining([{ id: "firstName", error: CONTROL_ERROR }]),
    });
  });
});

describe("invitations", () => {
  test("past the hourly limit an inviter gets 429 with Retry-After", async () => {
    const headers = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i <= INVITES_PER_INVITER_PER_HOUR; i++) {
      const res = await send(
        "POST",
        "/api/user-invites",
        { email: `guest-${i}@test.example`, roles: ["user"] },
        headers,
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers["retry-after"] as string;
    }
    expect(statuses.slice(0, INVITES_PER_INVITER_PER_HOUR).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

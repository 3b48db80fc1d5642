import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Role } from "../../core/domain/roles";
import { SPEC_ROLE_TABLE, SPEC_ROLES, specAllows } from "../unit/spec-role-table";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
const headersByRole = new Map<Role, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 3 });
  for (const role of SPEC_ROLES) {
    // Each role in the company type where it makes sense; the permission decides, not the company.
    const company = role === "systemAdmin" ? "operator" : role === "distributorAdmin" ? "distributor" : "a";
    headersByRole.set(role, await t.headersFor(world.users[`${company}:${role}`] as string, world.companies[company]));
  }
});
afterAll(async () => t?.close());

// A well-formed id that matches nothing: allowed callers get 404, refused ones 403.
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

function concreteUrl(url: string): string {
  return `/api${url.replace(/^\/api/, "")}`.replace(/:idOrSlug|:id|:slug/g, NO_SUCH_ID);
}

// Live view is the dashboard refreshing its own cache: no server route carries it.
const PENDING_PAIRS = ["manage liveView"];

const BODIES: Record<string, unknown> = { PATCH: { isArchived: false }, POST: {}, PUT: {} };

describe("every data route enforces, for every role, what the role table allows it", () => {
  test("every non-public route declares a permission", () => {
    const undeclared = t.app.routeTable
      .filter((r) => !r.public && !r.permission && r.url.startsWith("/api/"))
      .map((r) => `${r.method} ${r.url}`);
    // Routes that only need a valid token, with the reason: a person's own account
    // (settings > profile) is everybody's, whatever their roles; API keys are refused there.
    // Stopping an impersonation only gives up the impersonation token the call is made with
    // (any other token is 400), whatever the impersonated person's roles.
    const OWN_ACCOUNT = [
      "GET /api/me",
      "PATCH /api/me",
      "POST /api/me/password",
      "POST /api/me/phone",
      "POST /api/me/phone/confirm",
      "POST /api/me/phone/email-code",
      "GET /api/me/notifications",
      "PUT /api/me/notifications",
      "DELETE /api/auth/impersonate",
    ];
    expect(undeclared.sort()).toEqual(OWN_ACCOUNT.sort());
  });

  test("every permission of the spec's table is either enforced by a route or listed as not yet routed", () => {
    const routed = new Set(
      t.app.routeTable.filter((r) => r.permission).map((r) => (r.permission as string[]).join(" ")),
    );
    const specPairs = new Set<string>();
    for (const grants of Object.values(SPEC_ROLE_TABLE)) {
      for (const [subject, actions] of grants) for (const action of actions) specPairs.add(`${action} ${subject}`);
    }
    // `manage X` is covered when a route needs it, or when create, read, update and delete on X all have routes.
    const covered = (pair: string) => {
      const [action, subject] = pair.split(" ");
      if (routed.has(pair) || routed.has(`manage ${subject}`)) return true;
      return action === "manage" && ["create", "read", "update", "delete"].every((a) => routed.has(`${a} ${subject}`));
    };
    const unrouted = [...specPairs].filter((pair) => !covered(pair));
    // The ability itself is pinned cell by cell in tests/unit/permissions.test.ts. A
    // pair that gets a route must leave this list, so the matrix above then covers it.
    expect(unrouted.sort()).toEqual(PENDING_PAIRS.sort());
  });

  for (const role of SPEC_ROLES) {
    test(`${role}: allowed routes answer, refused routes are 403`, async () => {
      const headers = headersByRole.get(role) as Record<string, string>;
      const mismatches: string[] = [];
      for (const route of t.app.routeTable.filter((r) => r.permission)) {
        const [action, subject] = route.permission as [never, never];
        const res = await t.app.inject({
          method: route.method as "GET",
          url: concreteUrl(route.url),
          headers,
          ...(BODIES[route.method] ? { payload: BODIES[route.method] as object } : {}),
        });
        const allowed = specAllows(role, action, subject);
        const refused = res.statusCode === 403;
        if (allowed === refused)
          mismatches.push(`${route.method} ${route.url} (${action} ${subject}): ${res.statusCode}`);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(mismatches).toEqual([]);
    });
  }
});

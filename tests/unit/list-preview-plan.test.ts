import { afterEach, describe, expect, it } from "vitest";
import { clearPrefetch, prefetchedBody, prefetchGet, takePrefetched } from "@/providers/boot-prefetch";
import { DATABASE_HEADER } from "@/providers/data-provider";
import { landingListRequestUrl } from "@/providers/landing-prefetch";
import type { AuthSessionData } from "@/providers/stores/auth-session";
import type { PageFilter } from "@/providers/stores/page-filters";
import { planListPreview } from "@/resources/label-reports/first-paint/preview-plan";

const PAGE = { data: [{ id: "r1", labelId: "LBL-1" }], totalDocuments: 1, after: null };
const HEADERS = { ...DATABASE_HEADER, "api-key": "secret", jwt: "jwt" };

const SIGNED_IN: AuthSessionData = {
  user: { id: "u1", email: "anna@example.com", firstName: "Anna", lastName: "Weber", featureFlags: {} },
  userRoles: [],
  companies: [],
  currentUserRole: null,
  currentUserRoleToken: "secret",
  currentUserRoleJWT: "jwt",
  superTokenUser: null,
  inviteToken: null,
  impersonationRoleToken: null,
  impersonationUserRole: null,
  impersonationCompany: null,
  impersonationExpiry: null,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The boot request of this address, answered with `response`. */
function bootRequest(location: { pathname: string; search: string }, response: Response = json(PAGE)) {
  prefetchGet(landingListRequestUrl(location) as string, HEADERS, async () => response);
}

const LIST = { pathname: "/label-reports", search: "" };

afterEach(() => clearPrefetch());

describe("the list preview's plan", () => {
  it("stands for the list and for / (which leads to it), with the boot request's answer and the user's name", async () => {
    for (const location of [LIST, { pathname: "/", search: "" }]) {
      bootRequest(location);
      const plan = planListPreview(location, SIGNED_IN, {});
      expect(plan?.userName).toBe("Anna Weber");
      expect(await plan?.body).toEqual(PAGE);
    }
  });

  it("keeps the address's order for the table's sort indicators", () => {
    const location = { pathname: "/label-reports", search: "?order=labelId%5Basc%5D" };
    bootRequest(location);
    expect(planListPreview(location, SIGNED_IN, {})?.sorters).toEqual([{ field: "labelId", order: "asc" }]);
  });

  it("is none without a boot request for the address (another page, or no request made)", () => {
    bootRequest(LIST);
    expect(planListPreview({ pathname: "/users", search: "" }, SIGNED_IN, {})).toBeNull();
    expect(planListPreview({ pathname: "/label-reports", search: "?pageNumber=2" }, SIGNED_IN, {})).toBeNull();
  });

  it("is none when the list will first restore a saved selection (it would change the address)", () => {
    bootRequest(LIST);
    const saved: PageFilter = {
      filters: [{ key: "status", operator: "eq", value: "recording" }],
      order: [],
      search: null,
    };
    expect(planListPreview(LIST, SIGNED_IN, { "label-reports": saved })).toBeNull();
  });

  it("is none for a page of over 100 rows (the list virtualises it)", () => {
    const location = { pathname: "/label-reports", search: "?pageSize=500" };
    bootRequest(location);
    expect(planListPreview(location, SIGNED_IN, {})).toBeNull();
  });

  it("is none while impersonating, or without a signed-in session", () => {
    bootRequest(LIST);
    const impersonating: AuthSessionData = {
      ...SIGNED_IN,
      impersonationRoleToken: { jwtToken: "j2", secret: "s2" },
      impersonationUserRole: { id: "r", type: ["user"], company: { id: "c", name: "C" }, user: { id: "u2" } },
    };
    expect(planListPreview(LIST, impersonating, {})).toBeNull();
    expect(planListPreview(LIST, { ...SIGNED_IN, user: null }, {})).toBeNull();
  });
});

describe("the boot request's answer, shared by the preview and the list", () => {
  it("is read by both: the preview's copy does not use up the list's body", async () => {
    bootRequest(LIST);
    const url = landingListRequestUrl(LIST) as string;
    const previewBody = prefetchedBody(url);
    const listResponse = await takePrefetched(url, HEADERS);
    expect(await listResponse?.json()).toEqual(PAGE);
    expect(await previewBody).toEqual(PAGE);
  });

  it("is null for the preview when the request was refused (the list asks again as usual)", async () => {
    bootRequest(LIST, json({ message: "expired" }, 401));
    expect(await prefetchedBody(landingListRequestUrl(LIST) as string)).toBeNull();
  });
});

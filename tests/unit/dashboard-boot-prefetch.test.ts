import { afterEach, describe, expect, it, vi } from "vitest";
import { clearPrefetch, PREFETCH_MAX_AGE_MS, prefetchGet, takePrefetchedBody } from "@/providers/boot-prefetch";
import { createDataProvider, DATABASE_HEADER, type ListQueryMeta } from "@/providers/data-provider";
import { landingListRequestUrl } from "@/providers/landing-prefetch";
import { defaultListState, listQueryOf } from "@/providers/list-url";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { savedSelectionKey, usePageFilterStore } from "@/providers/stores/page-filters";
import { listResource } from "../../core/domain/resources";

const HEADERS = { ...DATABASE_HEADER, "api-key": "the-secret", jwt: "the-jwt" };
const PAGE = { data: [{ id: "r1", labelId: "LBL-1" }], totalDocuments: 1, after: null };
const REPORTS = listResource("label-reports");

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
}

afterEach(() => {
  clearPrefetch();
  usePageFilterStore.setState({ pageFilters: {} });
  useAuthSessionStore.getState().clearSession();
});

describe("the landing list's first page, requested at boot", () => {
  it("is the request the list sends for its defaults, at / and /label-reports", async () => {
    const fetch = vi.fn(async (_url: string) => json(PAGE));
    const dataProvider = createDataProvider({
      apiUrl: () => "/api",
      fetch: fetch as unknown as typeof globalThis.fetch,
      authHeaders: () => ({}),
    });
    const meta: ListQueryMeta = { listQuery: listQueryOf(defaultListState(REPORTS), REPORTS) };
    await dataProvider.getList({ resource: "label-reports", meta });
    const sent = String(fetch.mock.calls[0]?.[0]);
    expect(landingListRequestUrl({ pathname: "/", search: "" }, "/api")).toBe(sent);
    expect(landingListRequestUrl({ pathname: "/label-reports", search: "" }, "/api")).toBe(sent);
  });

  it("keeps the list's own parameters from the address", () => {
    const url = landingListRequestUrl({ pathname: "/label-reports", search: "?pageNumber=3&search=LBL" }, "/api");
    expect(decodeURIComponent(url ?? "")).toContain("pageNumber=3");
    expect(decodeURIComponent(url ?? "")).toContain("labelId[ilike]LBL");
  });

  it("asks for the selection saved for the person and company signed in, as the list opens on it", () => {
    const company = { id: "c1", name: "C1" };
    useAuthSessionStore.setState({
      user: { id: "u1", email: "u1@example.com", featureFlags: {} },
      currentUserRole: { id: "r1", type: ["user"], company, user: { id: "u1" } },
    });
    usePageFilterStore.setState({
      pageFilters: {
        [savedSelectionKey("label-reports", "u1", "c1") as string]: {
          filters: [{ key: "status", operator: "eq", value: "ended" }],
          order: [],
          search: null,
        },
        [savedSelectionKey("label-reports", "u2", "c1") as string]: {
          filters: [{ key: "status", operator: "eq", value: "recording" }],
          order: [],
          search: null,
        },
      },
    });
    const url = decodeURIComponent(landingListRequestUrl({ pathname: "/", search: "" }, "/api") ?? "");
    expect(url).toContain("status[eq]ended");
    expect(url).not.toContain("recording");
  });

  it("is not requested for other pages", () => {
    expect(landingListRequestUrl({ pathname: "/users", search: "" }, "/api")).toBeUndefined();
  });

  it("is handed over once", async () => {
    prefetchGet("/api/label-reports", HEADERS, async () => json(PAGE));
    await vi.waitFor(() => expect(takePrefetchedBody("/api/label-reports", HEADERS)?.body).toEqual(PAGE));
    expect(takePrefetchedBody("/api/label-reports", HEADERS)).toBeUndefined();
  });

  it("is not handed to a request with another role token", async () => {
    prefetchGet("/api/label-reports", HEADERS, async () => json(PAGE));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takePrefetchedBody("/api/label-reports", { ...HEADERS, jwt: "other" })).toBeUndefined();
  });

  it(`is dropped when the list asks more than ${PREFETCH_MAX_AGE_MS / 1000} s after boot`, async () => {
    let now = 1_000;
    prefetchGet(
      "/api/label-reports",
      HEADERS,
      async () => json(PAGE),
      () => now,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    now += PREFETCH_MAX_AGE_MS + 1;
    expect(takePrefetchedBody("/api/label-reports", HEADERS, () => now)).toBeUndefined();
  });
});

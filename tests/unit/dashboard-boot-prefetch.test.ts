import { afterEach, describe, expect, it, vi } from "vitest";
import { clearPrefetch, PREFETCH_MAX_AGE_MS, prefetchGet, takePrefetched } from "@/providers/boot-prefetch";
import { createDataProvider, DATABASE_HEADER } from "@/providers/data-provider";
import { landingListRequestUrl } from "@/providers/landing-prefetch";

const ROLE_HEADERS = { "api-key": "the-secret", jwt: "the-jwt" };
const HEADERS = { ...DATABASE_HEADER, ...ROLE_HEADERS };
const PAGE = { data: [{ id: "r1", labelId: "LBL-1" }], totalDocuments: 1, after: null };

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
}

/** The label report list's first request as the list page sends it (its useTable defaults). */
const listFirstPage = {
  resource: "label-reports",
  filters: [{ field: "isArchived", operator: "eq" as const, value: "false" }],
  sorters: [{ field: "created", order: "desc" as const }],
  pagination: { currentPage: 1, pageSize: 25, mode: "server" as const },
};

function provider(headers = ROLE_HEADERS) {
  const fetch = vi.fn(async () => json({ data: [], totalDocuments: 0, after: null }));
  const dataProvider = createDataProvider({
    apiUrl: () => "/api",
    fetch: fetch as unknown as typeof globalThis.fetch,
    authHeaders: () => headers,
  });
  return { dataProvider, fetch };
}

afterEach(() => clearPrefetch());

describe("the landing list's first page, requested at boot", () => {
  it("is the request the list sends for / and /label-reports", async () => {
    const { dataProvider, fetch } = provider();
    await dataProvider.getList(listFirstPage);
    const sent = String((fetch.mock.calls[0] as unknown as [string])[0]);
    expect(landingListRequestUrl({ pathname: "/", search: "" }, "/api")).toBe(sent);
    expect(landingListRequestUrl({ pathname: "/label-reports", search: "" }, "/api")).toBe(sent);
  });

  it("keeps the list's own parameters from the address", () => {
    const url = landingListRequestUrl({ pathname: "/label-reports", search: "?pageNumber=3&search=LBL" }, "/api");
    expect(decodeURIComponent(url ?? "")).toContain("pageNumber=3");
    expect(decodeURIComponent(url ?? "")).toContain("labelId[ilike]LBL");
  });

  it("is not requested for other pages", () => {
    expect(landingListRequestUrl({ pathname: "/users", search: "" }, "/api")).toBeUndefined();
  });

  it("answers the list's first request, which then sends nothing itself", async () => {
    const early = vi.fn(async () => json(PAGE));
    prefetchGet(landingListRequestUrl({ pathname: "/label-reports", search: "" }, "/api") as string, HEADERS, early);
    const { dataProvider, fetch } = provider();
    const result = await dataProvider.getList(listFirstPage);
    expect(early).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
    expect(result.data).toEqual(PAGE.data);
    expect(result.total).toBe(1);
  });

  it("is used once: the next request for the same page goes to the server", async () => {
    prefetchGet(landingListRequestUrl({ pathname: "/", search: "" }, "/api") as string, HEADERS, async () =>
      json(PAGE),
    );
    const { dataProvider, fetch } = provider();
    await dataProvider.getList(listFirstPage);
    await dataProvider.getList(listFirstPage);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is not handed to a request with another role token", async () => {
    prefetchGet(landingListRequestUrl({ pathname: "/", search: "" }, "/api") as string, HEADERS, async () =>
      json(PAGE),
    );
    const { dataProvider, fetch } = provider({ "api-key": "other-secret", jwt: "other-jwt" });
    await dataProvider.getList(listFirstPage);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is asked again when the early request could not reach the server", async () => {
    prefetchGet(landingListRequestUrl({ pathname: "/", search: "" }, "/api") as string, HEADERS, async () => {
      throw new TypeError("Failed to fetch");
    });
    const { dataProvider, fetch } = provider();
    await dataProvider.getList(listFirstPage);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it(`is dropped when the list asks more than ${PREFETCH_MAX_AGE_MS / 1000} s after boot`, () => {
    let now = 1_000;
    prefetchGet(
      "/api/label-reports",
      HEADERS,
      async () => json(PAGE),
      () => now,
    );
    now += PREFETCH_MAX_AGE_MS + 1;
    expect(takePrefetched("/api/label-reports", HEADERS, () => now)).toBeUndefined();
  });
});

import type { CrudFilter } from "@refinedev/core";
import { describe, expect, it, vi } from "vitest";
import { ApiError, createDataProvider } from "@/providers/data-provider";
import { FALLBACK_ERROR_MESSAGE, readableError } from "@/providers/readable-error";
import { toWireOperator, UnsupportedFilterError } from "../../src/providers/crud-list-query";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function setup(response: () => Response = () => json({ data: [], totalDocuments: 0, after: null })) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => response());
  const provider = createDataProvider({
    apiUrl: () => "/api",
    fetch: fetch as unknown as typeof globalThis.fetch,
    authHeaders: () => ({ "api-key": "the-secret", jwt: "the-jwt" }),
  });
  const call = (index = 0) => {
    const [url, init] = fetch.mock.calls[index] ?? [];
    return {
      url: decodeURIComponent(String(url)),
      init: init ?? {},
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
  };
  return { provider, fetch, call };
}

describe("data provider: getList", () => {
  it("builds GET {api}/{resource} with filter, order, pageNumber and pageSize in the list grammar", async () => {
    const { provider, call } = setup();
    await provider.getList({
      resource: "label-reports",
      pagination: { currentPage: 2, pageSize: 25 },
      sorters: [{ field: "created", order: "desc" }],
      filters: [
        { field: "isArchived", operator: "eq", value: false },
        { field: "status", operator: "in", value: ["recording", "stopped"] },
      ],
    });
    expect(call().url).toBe(
      "/api/label-reports?filter=isArchived[eq]false,status[includes]recording|stopped&order=created[desc]&pageNumber=2&pageSize=25",
    );
    expect(call().init.method).toBe("GET");
  });

  it("folds the search group into the filters as a case-insensitive like", async () => {
    const { provider, call } = setup();
    const search: CrudFilter = {
      key: "search",
      operator: "and",
      value: [{ field: "labelId", operator: "contains", value: "LBL" }],
    };
    await provider.getList({
      resource: "label-reports",
      filters: [search],
      pagination: { currentPage: 1, pageSize: 25 },
    });
    expect(call().url).toContain("filter=labelId[ilike]LBL");
  });

  it("escapes the grammar's characters inside values", async () => {
    const { provider, call } = setup();
    await provider.getList({
      resource: "label-reports",
      filters: [{ field: "reference", operator: "contains", value: "a,b" }],
    });
    expect(call().url).toContain("filter=reference[ilike]a%2Cb");
  });

  it("reads data and totalDocuments into data and total", async () => {
    const rows = [{ id: "1" }, { id: "2" }];
    const { provider } = setup(() => json({ data: rows, totalDocuments: 42, after: "c" }));
    const result = await provider.getList({ resource: "users" });
    expect(result).toMatchObject({ data: rows, total: 42 });
  });

  it("an endpoint that answers its whole list as a plain array gives that array, its length the total", async () => {
    const rows = [{ id: "1" }, { id: "2" }, { id: "3" }];
    const { provider } = setup(() => json(rows));
    const result = await provider.getList({ resource: "api-keys", pagination: { mode: "off" } });
    expect(result).toMatchObject({ data: rows, total: 3 });
  });

  it("answers HTTP 416 with an empty list, total 0, and the page-out-of-range flag", async () => {
    const { provider } = setup(() => new Response("", { status: 416 }));
    const result = await provider.getList({ resource: "users", pagination: { currentPage: 9, pageSize: 50 } });
    expect(result).toEqual({ data: [], total: 0, pageOutOfRange: true });
  });

  it("sends no paging parameters when pagination is off", async () => {
    const { provider, call } = setup();
    await provider.getList({ resource: "users", pagination: { mode: "off" } });
    expect(call().url).toBe("/api/users");
  });

  it("throws a clear error for an operator the list API does not have", async () => {
    const { provider, fetch } = setup();
    await expect(
      provider.getList({ resource: "users", filters: [{ field: "name", operator: "startswith", value: "A" }] }),
    ).rejects.toThrow(/'startswith' on 'name' has no list API equivalent/);
    await expect(provider.getList({ resource: "users", filters: [{ operator: "or", value: [] }] })).rejects.toThrow(
      UnsupportedFilterError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("data provider: requests", () => {
  it("sends the active role token and the database marker on every request", async () => {
    const { provider, call } = setup(() => json({ id: "1" }));
    await provider.getOne({ resource: "users", id: "1" });
    expect(call().headers).toMatchObject({ "api-key": "the-secret", jwt: "the-jwt", "x-database": "postgres" });
  });

  it("getOne, create, update and deleteOne use GET, POST, PATCH and DELETE on the resource", async () => {
    const { provider, call } = setup(() => json({ id: "1" }));
    await provider.getOne({ resource: "label-presets", id: "fresh fish" });
    await provider.create({ resource: "sub-companies", variables: { name: "A" } });
    await provider.update({ resource: "label-reports", id: "7", variables: { isArchived: true } });
    await provider.deleteOne({ resource: "label-reports", id: "7" });
    expect([0, 1, 2, 3].map((i) => `${call(i).init.method} ${call(i).url}`)).toEqual([
      "GET /api/label-presets/fresh fish",
      "POST /api/sub-companies",
      "PATCH /api/label-reports/7",
      "DELETE /api/label-reports/7",
    ]);
    expect(call(1).init.body).toBe(JSON.stringify({ name: "A" }));
    expect(call(1).headers["content-type"]).toBe("application/json");
  });

  it("parses a JSON response and answers null for anything else", async () => {
    const { provider } = setup(() => new Response("plain", { status: 200, headers: { "content-type": "text/plain" } }));
    expect(await provider.getOne({ resource: "users", id: "1" })).toEqual({ data: null });
  });

  it("custom calls go under the API with their query, filters and headers", async () => {
    const { provider, call } = setup(() => json({ ok: true }));
    const custom = provider.custom;
    if (!custom) throw new Error("custom is missing");
    await custom({
      url: "/auth/token",
      method: "post",
      payload: { companyId: "c1" },
      query: { a: "1" },
      filters: [{ field: "status", operator: "eq", value: "ended" }],
      headers: { "x-extra": "yes" },
    });
    expect(call().url).toBe("/api/auth/token?a=1&filter=status[eq]ended");
    expect(call().init.method).toBe("POST");
    expect(call().headers["x-extra"]).toBe("yes");
  });
});

describe("data provider: errors", () => {
  it("a non-OK answer throws an HttpError carrying the response text and the status code", async () => {
    const body = { statusCode: 403, message: "You do not have permission to read user" };
    const { provider } = setup(() => json(body, 403));
    const error = await provider.getOne({ resource: "users", id: "1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 403, message: JSON.stringify(body) });
    expect(readableError(error as ApiError)).toBe("You do not have permission to read user");
  });

  it("an empty error answer falls back to 'Something went wrong'", async () => {
    const { provider } = setup(() => new Response("", { status: 500 }));
    await expect(provider.getOne({ resource: "users", id: "1" })).rejects.toMatchObject({
      statusCode: 500,
      message: FALLBACK_ERROR_MESSAGE,
    });
  });

  it("per-field errors become Refine's `errors`", async () => {
    const { provider } = setup(() =>
      json({ statusCode: 400, message: "bad", formFields: [{ id: "name", error: "Field is not optional" }] }, 400),
    );
    await expect(provider.create({ resource: "sub-companies", variables: {} })).rejects.toMatchObject({
      errors: { name: "Field is not optional" },
    });
  });

  it("an unreachable server is an error with status 0", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const provider = createDataProvider({ apiUrl: () => "/api", fetch, authHeaders: () => ({}) });
    await expect(provider.getOne({ resource: "users", id: "1" })).rejects.toMatchObject({ statusCode: 0 });
  });
});

describe("operator table", () => {
  it("maps Refine's operators to the wire operators through one table", () => {
    const mapped = ["eq", "ne", "gt", "lt", "gte", "lte", "contains", "containss", "in", "ina"] as const;
    expect(Object.fromEntries(mapped.map((op) => [op, toWireOperator(op)]))).toEqual({
      eq: "eq",
      ne: "ne",
      gt: "gt",
      lt: "lt",
      gte: "gte",
      lte: "lte",
      contains: "ilike",
      containss: "like",
      in: "includes",
      ina: "includes",
    });
  });

  it("anything unmapped throws", () => {
    for (const op of ["nin", "ncontains", "between", "null", "startswith", "eqs"] as const) {
      expect(() => toWireOperator(op)).toThrow(UnsupportedFilterError);
    }
  });
});

describe("data provider: an expired role token", () => {
  function withRenewal(renewed: boolean) {
    let token = "old";
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) =>
      (init?.headers as Record<string, string> | undefined)?.jwt === "new"
        ? json({ id: "r1" })
        : json({ message: "expired" }, 401),
    );
    const renewAuth = vi.fn(async () => {
      token = "new";
      return renewed;
    });
    const provider = createDataProvider({
      apiUrl: () => "/api",
      fetch: fetch as unknown as typeof globalThis.fetch,
      authHeaders: () => ({ jwt: token, "api-key": "s" }),
      renewAuth,
    });
    return { provider, fetch, renewAuth };
  }

  it("a 401 renews the role token and sends the request once more with the new one", async () => {
    const { provider, fetch } = withRenewal(true);
    expect((await provider.getOne({ resource: "label-reports", id: "r1" })).data).toEqual({ id: "r1" });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a renewal whose refresh fails on the way is the server being unreachable, not a 401 that signs out", async () => {
    const { provider, renewAuth } = withRenewal(true);
    renewAuth.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(provider.getOne({ resource: "label-reports", id: "r1" })).rejects.toMatchObject({
      statusCode: 0,
      message: expect.stringContaining("could not be reached"),
    });
  });

  it("a 401 to a request that brought its own role token is the error, without renewing the session's", async () => {
    const { provider, fetch, renewAuth } = withRenewal(true);
    const call = provider.custom?.({
      url: "/api/auth/impersonate",
      method: "delete",
      headers: { jwt: "impersonation", "api-key": "s" },
    });
    await expect(call).rejects.toMatchObject({ statusCode: 401 });
    expect(renewAuth).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a 401 that cannot be renewed is the error", async () => {
    const { provider, fetch } = withRenewal(false);
    await expect(provider.getOne({ resource: "label-reports", id: "r1" })).rejects.toMatchObject({ statusCode: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from "vitest";
import { totalText } from "@/components/list/total-text";
import { createDataProvider } from "@/providers/data-provider";

describe("the list total under the table", () => {
  it("shows an exact total as a plain count", () => {
    expect(totalText(1, false)).toBe("1 record");
    expect(totalText(54, false)).toBe("54 records");
  });

  it("shows an estimated total as about N, with thousands separators", () => {
    expect(totalText(538_648, true)).toBe("about 538,648 records");
  });
});

describe("the data provider and an estimated total", () => {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

  it("passes the server's totalIsEstimate flag on with the total", async () => {
    const provider = createDataProvider({
      apiUrl: () => "/api",
      authHeaders: () => ({}),
      fetch: async () => json({ data: [], totalDocuments: 20_000, totalIsEstimate: true, after: null }),
    });
    expect(await provider.getList({ resource: "users" })).toMatchObject({ total: 20_000, totalIsEstimate: true });
  });

  it("leaves the flag out for an exact total", async () => {
    const provider = createDataProvider({
      apiUrl: () => "/api",
      authHeaders: () => ({}),
      fetch: async () => json({ data: [], totalDocuments: 3, after: null }),
    });
    expect(await provider.getList({ resource: "users" })).not.toHaveProperty("totalIsEstimate");
  });
});

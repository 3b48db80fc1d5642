import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("the OpenAPI document", () => {
  test("is served at /api/openapi.json without a token and lists the list endpoints", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/label-reports",
      "/api/label-presets",
      "/api/users",
      "/api/sub-companies",
      "/api/control-center-companies",
    ]) {
      expect(doc.paths[path]?.get?.parameters?.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(["filter", "order", "pageNumber", "pageSize", "after"]),
      );
    }
  });

  test("documents ingestion: readings, stopping a label and API key scopes", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const readings = doc.paths["/api/readings"]?.post;
    expect(Object.keys(readings?.requestBody?.content?.["application/json"]?.schema?.properties ?? {})).toEqual([
      "labelId",
      "readings",
    ]);
    expect(Object.keys(readings?.responses?.["200"]?.content?.["application/json"]?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(["accepted", "duplicates"]),
    );
    expect(doc.paths["/api/label-reports/{id}/stop"]?.post).toBeDefined();
    const keyBody = doc.paths["/api/api-keys"]?.post?.requestBody?.content?.["application/json"]?.schema;
    expect(keyBody?.properties?.scopes?.items?.enum).toEqual(["read", "ingest"]);
  });

  test("documents EPCIS capture and its job", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const capture = doc.paths["/api/epcis/capture"]?.post;
    expect(Object.keys(capture?.responses?.["202"]?.content?.["application/json"]?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(["captureID", "running", "success", "errors", "ignored"]),
    );
    expect(doc.paths["/api/epcis/capture/{id}"]?.get).toBeDefined();
  });

  test("documents every route of the server", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const documented = new Set(
      Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith("/api/") && r.url !== "/api/openapi.json")
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, "{$1}")}`);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });
});

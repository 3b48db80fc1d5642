import { describe, expect, test } from "vitest";
import { defineApiKeyAbility } from "../../core/domain/permissions";

describe("API key scopes", () => {
  test("an ingest key registers labels and sends readings but reads no report", () => {
    const key = defineApiKeyAbility(["ingest"]);
    expect(key.can("create", "reading")).toBe(true);
    expect(key.can("create", "labelReport")).toBe(true);
    expect(key.can("read", "labelReport")).toBe(false);
    expect(key.can("update", "labelReport")).toBe(false);
    expect(key.can("create", "apiKey")).toBe(false);
  });

  test("a read key sends no readings and registers no label", () => {
    const key = defineApiKeyAbility(["read"]);
    expect(key.can("read", "labelReport")).toBe(true);
    expect(key.can("create", "reading")).toBe(false);
    expect(key.can("create", "labelReport")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { isRecordId } from "../../core/domain/record-id";

describe("record ids in addresses", () => {
  it("a UUID, in either case, is a record id", () => {
    expect(isRecordId("0b9e3a4c-5d6f-4a1b-8c2d-3e4f5a6b7c8d")).toBe(true);
    expect(isRecordId("0B9E3A4C-5D6F-4A1B-8C2D-3E4F5A6B7C8D")).toBe(true);
  });

  it("what the server would refuse as not a UUID is not a record id", () => {
    for (const text of [
      "not-a-uuid",
      "",
      "0b9e3a4c5d6f4a1b8c2d3e4f5a6b7c8d",
      "0b9e3a4c-5d6f-4a1b-8c2d-3e4f5a6b7c8d-x",
    ]) {
      expect(isRecordId(text)).toBe(false);
    }
  });
});

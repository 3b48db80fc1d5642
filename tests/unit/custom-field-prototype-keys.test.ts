import { describe, expect, test } from "vitest";
import {
  applyCustomFieldChanges,
  type CustomFieldDefinition,
  customFieldRows,
  customFieldValue,
} from "../../core/domain/custom-fields";

/** Field keys named after Object.prototype members read the report's values only, never what objects inherit. */

const field = (key: string, name: string, required = false): CustomFieldDefinition => ({
  id: key,
  companyId: "c",
  key,
  name,
  type: "text",
  options: [],
  required,
  partOfRecord: false,
  requiredSince: null,
});

const PROTOTYPE_KEYS = ["constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf"];

describe("custom field keys that are Object.prototype members", () => {
  test("a report without a value shows a dash for them, never an inherited function", () => {
    const rows = customFieldRows(
      PROTOTYPE_KEYS.map((key) => field(key, key)),
      {},
    );
    expect(rows.map((row) => row.text)).toEqual(PROTOTYPE_KEYS.map(() => "—"));
  });

  test("a stored value is read as any other", () => {
    expect(customFieldValue({ constructor: "Acme" }, "constructor")).toBe("Acme");
    expect(customFieldValue({}, "constructor")).toBeUndefined();
    expect(customFieldValue(null, "toString")).toBeUndefined();
  });

  test("a required one without a value is reported as missing", () => {
    const { problems } = applyCustomFieldChanges([field("valueOf", "Value of", true)], {}, {});
    expect(problems).toEqual([{ id: "customFields.valueOf", error: "Value of is required" }]);
  });
});

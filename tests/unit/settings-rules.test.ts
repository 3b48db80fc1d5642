import { describe, expect, test } from "vitest";
import { normalizeVatNumber, vatNumberError } from "../../core/domain/billing";
import {
  applyCustomFieldChanges,
  type CustomFieldDefinition,
  customFieldKey,
  definitionProblems,
  isIsoDate,
} from "../../core/domain/custom-fields";
import { defineAbilityFor, defineApiKeyAbility } from "../../core/domain/permissions";
import { toE164 } from "../../core/domain/phone";

const field = (key: string, type: CustomFieldDefinition["type"], extra: Partial<CustomFieldDefinition> = {}) => ({
  id: key,
  companyId: "c",
  key,
  name: key,
  type,
  options: [],
  required: false,
  partOfRecord: false,
  requiredSince: null,
  ...extra,
});

describe("custom field keys", () => {
  test.each([
    ["Batch number", "batchNumber"],
    ["PO #2", "po2"],
    ["Température de stockage", "temperatureDeStockage"],
    ["2nd carrier", "ndCarrier"],
  ])("%s -> %s", (name, key) => expect(customFieldKey(name)).toBe(key));

  test("a name without letters has no key", () => expect(customFieldKey("123 !!")).toBeNull());
});

describe("custom field values", () => {
  const defs = [
    field("lot", "text", { required: true }),
    field("qty", "number"),
    field("packed", "date"),
    field("kind", "select", { options: ["A", "B"] }),
  ];

  test("null clears a value; a required field cannot be cleared", () => {
    const { values, problems } = applyCustomFieldChanges(defs, { lot: "L1", qty: 3 }, { qty: null });
    expect(values).toEqual({ lot: "L1" });
    expect(problems).toEqual([]);
    expect(applyCustomFieldChanges(defs, { lot: "L1" }, { lot: "" }).problems).toEqual([
      { id: "customFields.lot", error: "lot is required" },
    ]);
  });

  test("values no longer defined are kept but cannot be set", () => {
    const { values, problems } = applyCustomFieldChanges(defs, { lot: "L1", old: "x" }, { old: "y" });
    expect(values.old).toBe("x");
    expect(problems[0]?.id).toBe("customFields.old");
  });

  test("numbers are JSON numbers, dates are real calendar days, selects are one of the options", () => {
    const { problems } = applyCustomFieldChanges(defs, { lot: "L" }, { qty: "3", packed: "2026-02-29", kind: "C" });
    expect(problems.map((p) => p.id).sort()).toEqual(["customFields.kind", "customFields.packed", "customFields.qty"]);
    expect(isIsoDate("2028-02-29")).toBe(true);
  });

  test("a select definition needs distinct, non-empty options", () => {
    expect(definitionProblems({ name: "K", type: "select", options: ["a", "a"] })[0]?.id).toBe("options");
    expect(definitionProblems({ name: "K", type: "select", options: ["a", "b"] })).toEqual([]);
  });
});

describe("VAT numbers and phone numbers", () => {
  test("EU numbers follow their country's format; Greece is EL", () => {
    expect(vatNumberError("DE298765431")).toBeNull();
    expect(vatNumberError("FR40303265045")).toBeNull();
    expect(vatNumberError("BE0123456789")).toBeNull();
    expect(vatNumberError("DE29876543")).toBe("Not a valid DE VAT number");
    expect(vatNumberError("GR123456789")).toBe("Greek VAT numbers start with EL");
  });

  test("other countries: two letters and 2 to 13 letters or digits", () => {
    expect(vatNumberError("GB123456789")).toBeNull();
    expect(vatNumberError("NO123456789MVA")).toBeNull();
    expect(vatNumberError("12345")).not.toBeNull();
  });

  test("spaces, dots and dashes are dropped before checking and storing", () => {
    expect(normalizeVatNumber("nl 1234.56789-b01")).toBe("NL123456789B01");
    expect(toE164("+49 (69) 5550-1001")).toBe("+496955501001");
  });
});

describe("API keys and custom fields permissions", () => {
  test("the API_KEYS and CUSTOM_FIELDS feature flags grant creating them; no role does", () => {
    expect(defineAbilityFor(["administrator"]).can("create", "apiKey")).toBe(false);
    expect(defineAbilityFor(["administrator"]).can("create", "customField")).toBe(false);
    expect(defineAbilityFor(["administrator"], { API_KEYS: true }).can("create", "apiKey")).toBe(true);
    expect(defineAbilityFor(["user"], { CUSTOM_FIELDS: true }).can("update", "customField")).toBe(true);
    expect(defineAbilityFor(["user"], { API_KEYS: true }).can("read", "customField")).toBe(false);
  });

  test("a company's administrators list and remove any key or field without a flag; members do not", () => {
    for (const role of ["administrator", "distributorAdmin"]) {
      const ability = defineAbilityFor([role]);
      for (const subject of ["apiKey", "customField"] as const)
        expect([ability.can("read", subject), ability.can("delete", subject)]).toEqual([true, true]);
    }
    for (const role of ["user", "handler", "subHandler"])
      expect(defineAbilityFor([role]).can("delete", "apiKey")).toBe(false);
  });

  test("an API key reads label reports and nothing else", () => {
    const key = defineApiKeyAbility();
    expect(key.can("read", "labelReport")).toBe(true);
    expect(key.can("update", "labelReport")).toBe(false);
    expect(key.can("read", "labelPreset")).toBe(false);
    expect(key.can("create", "apiKey")).toBe(false);
  });
});

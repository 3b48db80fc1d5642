import { describe, expect, test } from "vitest";
import { activeFilterCount } from "@/resources/label-reports/active-filter-count";
import {
  customFieldColumnChoices,
  customFieldColumns,
  customFieldColumnVisibility,
} from "@/resources/label-reports/custom-field-columns";
import {
  type CustomFieldFilterValues,
  customFieldFilterKeys,
  toCustomFieldFilters,
  toCustomFieldValues,
} from "@/resources/label-reports/custom-field-filter-values";
import type { LabelReport } from "@/resources/types";
import {
  type CustomFieldDefinition,
  customFieldListField,
  customFieldRows,
  definitionsBinding,
  formatCustomFieldValue,
  listCustomFields,
} from "../../core/domain/custom-fields";
import { encodeFilters, type Filter, parseFilters } from "../../core/domain/list-query";
import { operatorsFor, valueError } from "../../core/domain/resources";

const field = (
  key: string,
  type: CustomFieldDefinition["type"],
  extra: Partial<CustomFieldDefinition> = {},
): CustomFieldDefinition => ({
  id: `${extra.companyId ?? "own"}-${key}`,
  companyId: "own",
  key,
  name: key,
  type,
  options: [],
  required: false,
  partOfRecord: false,
  requiredSince: null,
  ...extra,
});

const batch = field("batchNumber", "text", { name: "Batch number" });
const product = field("product", "select", { name: "Product", options: ["Insulin", "A|B, C"] });
const value = field("shipmentValue", "number", { name: "Shipment value (EUR)" });
const packed = field("packedOn", "date", { name: "Packed on" });
const fields = [batch, product, value, packed];

describe("custom-field filters of the label report list", () => {
  test("text filters as case-insensitive 'contains' on customFields.<key>, trimmed", () => {
    expect(toCustomFieldFilters({ batchNumber: "  B26-001 " }, [batch])).toEqual([
      { key: "customFields.batchNumber", operator: "ilike", value: "B26-001" },
    ]);
  });

  test("an empty control writes no filter", () => {
    const empty = toCustomFieldValues([], fields);
    expect(toCustomFieldFilters(empty, fields)).toEqual([]);
    expect(toCustomFieldFilters({ batchNumber: "   " }, [batch])).toEqual([]);
  });

  test("select filters as 'any of' the chosen options, surviving the grammar's separators", () => {
    const filters = toCustomFieldFilters({ product: ["Insulin", "A|B, C"] }, [product]);
    expect(encodeFilters(filters)).toBe("customFields.product[includes]Insulin|A%7CB%2C C");
    expect(toCustomFieldValues(parseFilters(encodeFilters(filters)), [product])).toEqual({
      product: ["Insulin", "A|B, C"],
    });
  });

  test("number filters as from/to, both included, and 0 is a bound", () => {
    expect(toCustomFieldFilters({ shipmentValue: { min: 0, max: 2500 } }, [value])).toEqual([
      { key: "customFields.shipmentValue", operator: "gte", value: "0" },
      { key: "customFields.shipmentValue", operator: "lte", value: "2500" },
    ]);
    expect(toCustomFieldFilters({ shipmentValue: { min: null, max: 10 } }, [value])).toEqual([
      { key: "customFields.shipmentValue", operator: "lte", value: "10" },
    ]);
  });

  test("date filters as a range of calendar days, both included, with no time zone shift", () => {
    expect(toCustomFieldFilters({ packedOn: { from: "2026-03-01", to: "2026-03-31" } }, [packed])).toEqual([
      { key: "customFields.packedOn", operator: "gte", value: "2026-03-01" },
      { key: "customFields.packedOn", operator: "lte", value: "2026-03-31" },
    ]);
  });

  test("the filters read back into the same control values (the URL survives a reload)", () => {
    const values: CustomFieldFilterValues = {
      batchNumber: "B26",
      product: ["Insulin"],
      shipmentValue: { min: 100, max: null },
      packedOn: { from: "2026-01-05", to: "2026-01-09" },
    };
    const wire = encodeFilters(toCustomFieldFilters(values, fields));
    expect(toCustomFieldValues(parseFilters(wire), fields)).toEqual(values);
  });

  test("hand-typed eq filters read as the nearest control", () => {
    const filters: Filter[] = [
      { key: "customFields.batchNumber", operator: "eq", value: "B1" },
      { key: "customFields.product", operator: "eq", value: "Insulin" },
      { key: "customFields.shipmentValue", operator: "eq", value: "5" },
      { key: "customFields.packedOn", operator: "eq", value: "2026-02-02" },
    ];
    expect(toCustomFieldValues(filters, fields)).toEqual({
      batchNumber: "B1",
      product: ["Insulin"],
      shipmentValue: { min: 5, max: 5 },
      packedOn: { from: "2026-02-02", to: "2026-02-02" },
    });
  });

  test("every filter the controls write is one the list API accepts for the field's type", () => {
    const filters = toCustomFieldFilters(
      {
        batchNumber: "x",
        product: ["Insulin"],
        shipmentValue: { min: 1.5, max: 2 },
        packedOn: { from: "2026-01-01", to: "2026-01-02" },
      },
      fields,
    );
    for (const filter of filters) {
      const definition = fields.find((d) => filter.key === `customFields.${d.key}`) as CustomFieldDefinition;
      const listField = customFieldListField(definition);
      expect(operatorsFor(listField.type)).toContain(filter.operator);
      if (filter.operator !== "ilike" && filter.operator !== "includes")
        expect(valueError(listField, filter.value)).toBe(null);
    }
  });

  test("applying replaces every custom-field filter in the list, also one on a field no longer defined", () => {
    const filters: Filter[] = [
      { key: "status", operator: "eq", value: "ended" },
      { key: "customFields.gone", operator: "eq", value: "x" },
      { key: "customFields.product", operator: "eq", value: "Insulin" },
    ];
    expect(customFieldFilterKeys(filters)).toEqual(["customFields.gone", "customFields.product"]);
  });
});

describe("the Filters button's count", () => {
  test("counts a range on one custom field once and leaves out the default 'not archived'", () => {
    expect(
      activeFilterCount([
        { key: "isArchived", operator: "eq", value: "false" },
        { key: "customFields.shipmentValue", operator: "gte", value: "1" },
        { key: "customFields.shipmentValue", operator: "lte", value: "9" },
        { key: "customFields.product", operator: "includes", value: "Insulin" },
      ]),
    ).toBe(2);
  });
});

describe("custom-field columns of the label report list", () => {
  const report = (customFields: Record<string, unknown>) => ({ customFields }) as unknown as LabelReport;

  test("one column per field, titled with its name, keyed customFields.<key>", () => {
    const columns = customFieldColumns(fields, "own");
    expect(columns.map((c) => [c.key, c.title])).toEqual([
      ["customFields.batchNumber", "Batch number"],
      ["customFields.product", "Product"],
      ["customFields.shipmentValue", "Shipment value (EUR)"],
      ["customFields.packedOn", "Packed on"],
    ]);
  });

  test("a field the user hid is a hidden column; the others stay shown", () => {
    expect(customFieldColumnVisibility(["product", "packedOn"])).toEqual({
      "customFields.product": false,
      "customFields.packedOn": false,
    });
  });

  test("the Columns control lists every field, hidden ones unchecked", () => {
    expect(customFieldColumnChoices(fields, "own", ["product"]).map((c) => [c.name, c.shown])).toEqual([
      ["Batch number", true],
      ["Product", false],
      ["Shipment value (EUR)", true],
      ["Packed on", true],
    ]);
  });

  test("values are formatted per type: US dates, numbers with separators, a dash when missing", () => {
    const [b, p, v, d] = customFieldColumns(fields, "own");
    const r = report({ product: "Insulin", shipmentValue: 125000, packedOn: "2026-03-09" });
    expect(b?.render(r)).toBe("—");
    expect(p?.render(r)).toBe("Insulin");
    expect(v?.render(r)).toBe("125,000");
    expect(d?.render(r)).toBe("03/09/2026");
    expect(d?.render(report({}))).toBe("—");
  });
});

describe("the custom fields of a list that spans companies (a distributor's)", () => {
  const sub = (key: string, type: CustomFieldDefinition["type"], extra: Partial<CustomFieldDefinition> = {}) =>
    field(key, type, { companyId: "sub", ...extra });

  test("one per key; the caller's own company's definition wins", () => {
    const list = listCustomFields(
      [sub("lot", "text", { name: "Catch lot" }), field("lot", "number", { name: "Lot" })],
      "own",
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ companyId: "own", name: "Lot", type: "number" });
  });

  test("select fields of the same key pool their options, so every company's value can be chosen", () => {
    const list = listCustomFields(
      [
        sub("product", "select", { options: ["Salmon", "Insulin"] }),
        field("product", "select", { options: ["Insulin"] }),
      ],
      "own",
    );
    expect(list[0]?.options).toEqual(["Insulin", "Salmon"]);
  });

  test("fields keep the order they were defined in", () => {
    const list = listCustomFields([sub("a", "text"), field("b", "text"), sub("c", "text")], "own");
    expect(list.map((d) => d.key)).toEqual(["a", "b", "c"]);
  });
});

describe("a custom field value as the screens show it", () => {
  test("a date is a calendar day in US format, whatever the time zone", () => {
    expect(formatCustomFieldValue(packed, "2026-12-31")).toBe("12/31/2026");
  });
});

describe("custom field values in the report overlay", () => {
  test("each defined field shows under its name with its value formatted, in the definitions' order", () => {
    const rows = customFieldRows(
      [
        field("shippedOn", "date", { name: "Shipped on" }),
        field("value", "number", { name: "Shipment value" }),
        field("batch", "text", { name: "Batch number" }),
      ],
      { batch: "B-17", value: 12500, shippedOn: "2026-03-09" },
    );
    expect(rows.map((r) => [r.label, r.text])).toEqual([
      ["Shipped on", "03/09/2026"],
      ["Shipment value", "12,500"],
      ["Batch number", "B-17"],
    ]);
  });

  test("a defined field without a value shows a dash", () => {
    expect(customFieldRows([field("batch", "text", { name: "Batch number" })], {})[0]?.text).toBe("—");
  });

  test("a value whose field is no longer defined still shows, under its key", () => {
    const rows = customFieldRows([field("batch", "text", { name: "Batch number" })], { batch: "B-1", oldKey: "x" });
    expect(rows.map((r) => [r.label, r.text, r.defined])).toEqual([
      ["Batch number", "B-1", true],
      ["oldKey", "x", false],
    ]);
  });
});

describe("a field made required binds the reports registered since", () => {
  const lot = field("lot", "text", { required: true, requiredSince: "2026-06-01T00:00:00.000Z" });

  test("a report registered before the field became required may leave it empty", () => {
    const [binding] = definitionsBinding([lot], "2026-05-31T23:59:59.000Z");
    expect(binding?.required).toBe(false);
  });

  test("a report registered after it became required must hold it", () => {
    const [binding] = definitionsBinding([lot], "2026-06-01T00:00:01.000Z");
    expect(binding?.required).toBe(true);
  });
});

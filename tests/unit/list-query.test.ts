import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  encodeFilters,
  encodeListQuery,
  encodeOrder,
  escapeValue,
  FILTER_OPERATORS,
  type Filter,
  includesFilter,
  ListQueryError,
  listItems,
  mergeFilters,
  parseFilters,
  parseListQuery,
  parseOrder,
  searchFilter,
  unescapeValue,
} from "../../core/domain/list-query";

const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,20}$/);
const scalarOperator = fc.constantFrom(...FILTER_OPERATORS.filter((op) => op !== "includes"));
const anyText = fc.string({ unit: "binary", maxLength: 40 });

const filter: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({ key, operator: scalarOperator, value: anyText }),
  fc.tuple(key, fc.array(anyText, { minLength: 1, maxLength: 5 })).map(([k, items]) => includesFilter(k, items)),
);

// A list of filters as the grammar keeps it: one per key and operator (a later one replaces an earlier one).
const filterList = (constraints: { minLength?: number; maxLength: number }) =>
  fc.uniqueArray(filter, { ...constraints, selector: (f) => `${f.key}[${f.operator}]` });

describe("the list query grammar round-trips", () => {
  test("any value survives escape then unescape", () => {
    fc.assert(fc.property(anyText, (v) => unescapeValue(escapeValue(v)) === v));
  });

  test("any list of filters survives encode then parse", () => {
    fc.assert(
      fc.property(filterList({ maxLength: 6 }), (filters) => {
        expect(parseFilters(encodeFilters(filters))).toEqual(filters);
      }),
    );
  });

  test("includes items survive encode then parse, including items holding | , [ ] and %", () => {
    fc.assert(
      fc.property(key, fc.array(anyText, { minLength: 1, maxLength: 5 }), (k, items) => {
        const [parsed] = parseFilters(encodeFilters([includesFilter(k, items)]));
        expect(listItems(parsed as Filter)).toEqual(items);
      }),
    );
  });

  test("any order survives encode then parse", () => {
    const order = fc.array(fc.record({ key, direction: fc.constantFrom("asc" as const, "desc" as const) }), {
      maxLength: 3,
    });
    fc.assert(
      fc.property(order, (o) => {
        expect(parseOrder(encodeOrder(o))).toEqual(o);
      }),
    );
  });

  test("a whole query survives the URL: encodeListQuery then URLSearchParams then parseListQuery", () => {
    fc.assert(
      fc.property(
        filterList({ minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (filters, pageNumber, pageSize) => {
          const qs = encodeListQuery({ filters, order: [{ key: "created", direction: "desc" }], pageNumber, pageSize });
          const params = Object.fromEntries(new URLSearchParams(qs));
          const parsed = parseListQuery(params, { pageSize: 25, order: [] });
          expect(parsed).toEqual({ filters, order: [{ key: "created", direction: "desc" }], pageNumber, pageSize });
        },
      ),
    );
  });
});

describe("the grammar's rules", () => {
  test("a filter item without brackets is an error naming the item", () => {
    expect(() => parseFilters("status=ended")).toThrowError(ListQueryError);
    expect(() => parseFilters("status=ended")).toThrowError(/'status=ended'/);
  });

  test("an unknown operator is an error naming the operator", () => {
    expect(() => parseFilters("status[regex]x")).toThrowError(/Unknown operator 'regex'/);
  });

  test("a later filter on the same key replaces an earlier one (a typed URL, an API query)", () => {
    expect(parseFilters("status[eq]recording,labelId[ilike]A1,status[eq]ended")).toEqual([
      { key: "labelId", operator: "ilike", value: "A1" },
      { key: "status", operator: "eq", value: "ended" },
    ]);
  });

  test("a range on one key keeps both of its ends", () => {
    expect(parseFilters("startTime[gte]2026-01-01,startTime[lte]2026-02-01")).toHaveLength(2);
  });

  test("a hand-typed % that starts no escape stays literal", () => {
    expect(parseFilters("name[ilike]100%")).toEqual([{ key: "name", operator: "ilike", value: "100%" }]);
  });

  test("a direction other than asc or desc is an error", () => {
    expect(() => parseOrder("created[down]")).toThrowError(ListQueryError);
  });

  test("pageNumber must be a whole number of at least 1", () => {
    expect(() => parseListQuery({ pageNumber: "0" }, { pageSize: 25, order: [] })).toThrowError(/pageNumber/);
    expect(() => parseListQuery({ pageNumber: "1.5" }, { pageSize: 25, order: [] })).toThrowError(/pageNumber/);
  });

  test("every bad parameter is reported at once", () => {
    try {
      parseListQuery({ filter: "x", order: "y", pageSize: "0" }, { pageSize: 25, order: [] });
      expect.unreachable();
    } catch (e) {
      expect((e as ListQueryError).fields.map((f) => f.id)).toEqual(["filter", "order", "pageSize"]);
    }
  });

  test("the defaults apply when the call has no filter, order or page parameters", () => {
    const defaults = {
      pageSize: 25,
      order: [{ key: "created", direction: "desc" as const }],
      filters: [{ key: "isArchived", operator: "eq" as const, value: "false" }],
    };
    expect(parseListQuery({}, defaults)).toEqual({
      filters: defaults.filters,
      order: defaults.order,
      pageNumber: 1,
      pageSize: 25,
    });
  });

  test("an explicit empty filter parameter means no filter, not the default", () => {
    const defaults = {
      pageSize: 25,
      order: [],
      filters: [{ key: "isArchived", operator: "eq" as const, value: "false" }],
    };
    expect(parseListQuery({ filter: "" }, defaults).filters).toEqual([]);
  });

  test("filters on the same key replace earlier ones", () => {
    const merged = mergeFilters(
      [
        { key: "status", operator: "eq", value: "ended" },
        { key: "isArchived", operator: "eq", value: "false" },
      ],
      [{ key: "status", operator: "ne", value: "recording" }],
    );
    expect(merged).toEqual([
      { key: "isArchived", operator: "eq", value: "false" },
      { key: "status", operator: "ne", value: "recording" },
    ]);
  });

  test("a search box sets a case-insensitive like filter on its key", () => {
    expect(searchFilter("labelId", "LBL")).toEqual({ key: "labelId", operator: "ilike", value: "LBL" });
  });
});

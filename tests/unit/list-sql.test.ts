import fc from "fast-check";
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, test } from "vitest";
import { type Filter, includesFilter, ListQueryError } from "../../core/domain/list-query";
import { type ListField, listResource } from "../../core/domain/resources";
import { type ColumnMap, compileFilters, likePattern } from "../../server/lists/compile";

// Compiles SQL without a database, exactly as the server would send it.
const db = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const resource = listResource("label-reports");
const columns: ColumnMap = Object.fromEntries(Object.keys(resource.fields).map((k) => [k, sql.ref(`r.${k}`)]));

function compile(filters: Filter[]) {
  const conditions = compileFilters(resource, columns, filters);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  return sql`select * from r where ${where}`.compile(db);
}

/** A valid value of the field's type, drawn from arbitrary user input where the type allows. */
function valueFor(field: ListField): fc.Arbitrary<string> {
  switch (field.type) {
    case "text":
      return fc.string({ unit: "binary", maxLength: 60 });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map(String);
    case "boolean":
      return fc.constantFrom("true", "false");
    case "timestamp":
      return fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "id":
      return fc.uuid();
    default:
      return fc.constantFrom(...(field.values ?? []));
  }
}

const validFilter: fc.Arbitrary<Filter> = fc.constantFrom(...Object.entries(resource.fields)).chain(([key, field]) => {
  const ops = ["eq", "ne", "gt", "lt", "gte", "lte", "like", "ilike"].filter(
    (op) =>
      ({
        text: true,
        number: !op.includes("like"),
        timestamp: !op.includes("like"),
        boolean: op === "eq" || op === "ne",
        id: op === "eq" || op === "ne",
        enum: op === "eq" || op === "ne",
        textArray: false,
      })[field.type],
  );
  const scalar = ops.length
    ? fc.record({
        key: fc.constant(key),
        operator: fc.constantFrom(...(ops as Filter["operator"][])),
        value: valueFor(field),
      })
    : fc.constant(null);
  const list = ["text", "id", "enum", "number"].includes(field.type)
    ? fc.array(valueFor(field), { minLength: 1, maxLength: 4 }).map((items) => includesFilter(key, items))
    : fc.constant(null);
  return fc.oneof(scalar, list).filter((f): f is Filter => f !== null);
});

describe("the SQL of a list filter", () => {
  test("free values (text, numbers, dates) are bound parameters; only checked values of known sets are written in", () => {
    const written = (field: ListField | undefined) =>
      field?.type === "id" || field?.type === "enum" || field?.type === "boolean" || field?.type === "textArray";
    const known = new Set(Object.values(resource.fields).flatMap((field) => field.values ?? []));
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    fc.assert(
      fc.property(fc.array(validFilter, { maxLength: 5 }), fc.array(validFilter, { maxLength: 5 }), (a, b) => {
        const first = compile(a);
        // Same keys and operators, other free values (checked values and list lengths kept): same SQL text.
        const sameShape =
          b.length === a.length && b.every((f, i) => f.key === a[i]?.key && f.operator === a[i]?.operator);
        if (sameShape) {
          const other = b.map((f, i) => (written(resource.fields[f.key]) ? (a[i] as Filter) : f));
          const sizes = (fs: Filter[]) => fs.map((f) => (f.operator === "includes" ? f.value.split("|").length : 1));
          if (JSON.stringify(sizes(a)) === JSON.stringify(sizes(other))) expect(compile(other).sql).toBe(first.sql);
        }
        // A string literal in the SQL is an id or a value of an enum, or the LIKE escape character.
        for (const [literal] of first.sql.replaceAll("escape '\\'", "").matchAll(/'[^']*'/g)) {
          const value = literal.slice(1, -1);
          expect(UUID.test(value) || known.has(value), literal).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  test("every text value reaches the database as a parameter, never as SQL", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 60 }), (text) => {
        const compiled = compile([{ key: "labelId", operator: "eq", value: text }]);
        expect(compiled.parameters).toEqual([text]);
        expect(compiled.sql).toBe('select * from r where "r"."labelId" = $1');
      }),
    );
  });

  test("like and ilike escape % and _ of the user's text", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  test("an unknown key is refused before any SQL is built", () => {
    expect(() => compile([{ key: "passwordHash", operator: "eq", value: "x" }])).toThrowError(ListQueryError);
  });

  test("an SQL fragment in a key is refused by the grammar", () => {
    expect(() => compile([{ key: "labelId = '' or 1=1 --", operator: "eq", value: "x" }])).toThrowError(ListQueryError);
  });
});

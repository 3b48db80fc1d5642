import { describeAuditEntry } from "@core/domain/audit-text";
import { describe, expect, test } from "vitest";
import { recordFieldReasonError } from "../../core/domain/change-reason";
import type { CustomFieldDefinition } from "../../core/domain/custom-fields";
import { recordFieldChanges, recordFieldDocument, recordFieldsOf } from "../../core/domain/record-fields";

const field = (key: string, partOfRecord: boolean, type: CustomFieldDefinition["type"] = "text") => ({
  id: key,
  companyId: "c",
  key,
  name: key.toUpperCase(),
  type,
  options: [],
  required: false,
  partOfRecord,
  requiredSince: null,
});

const definitions = [field("lot", true), field("note", false), field("packed", true, "date")];

describe("record fields", () => {
  test("only the values of fields part of the record are in the record", () => {
    expect(recordFieldDocument(recordFieldsOf(definitions, { lot: "L1", note: "x" }))).toEqual({ lot: "L1" });
  });

  test("an empty value is no value of the record", () => {
    expect(recordFieldsOf(definitions, { lot: "", packed: null })).toEqual([]);
  });

  test("a date of the record is printed in US format and hashed as stored", () => {
    const [packed] = recordFieldsOf(definitions, { packed: "2026-03-09" });
    expect(packed).toMatchObject({ value: "2026-03-09", text: "03/09/2026", name: "PACKED" });
  });

  test("a change names the record fields it alters, old and new, and nothing else", () => {
    expect(
      recordFieldChanges(definitions, { lot: "L1", note: "a" }, { lot: "L2", note: "b", packed: "2026-01-02" }),
    ).toEqual({
      before: { lot: "L1", packed: null },
      after: { lot: "L2", packed: "2026-01-02" },
    });
  });

  test("a change of fields outside the record changes nothing of the record", () => {
    expect(recordFieldChanges(definitions, { note: "a" }, { note: "b" })).toEqual({ before: {}, after: {} });
  });

  test("a record field's change needs a reason of at least 10 characters", () => {
    expect(recordFieldReasonError("")).toMatch(/Say why/);
    expect(recordFieldReasonError("too short")).toMatch(/at least 10/);
    expect(recordFieldReasonError("Corrected from the packing list")).toBeNull();
  });
});

test("a record-field change reads in the trail by the field's name, old → new", () => {
  const text = describeAuditEntry(
    {
      action: "recordFields",
      before: { lot: "L1" },
      after: { lot: "L2" },
    },
    { format: { timeZone: "UTC", locale: "en-US" }, customFieldNames: { lot: "Lot", note: "Note" } },
  );
  expect(text.title).toBe("Record values changed");
  expect(text.changes).toEqual([{ field: "Lot", before: "L1", after: "L2" }]);
});

import { describe, expect, it } from "vitest";
import { DISPOSABLE_STATUSES } from "../../core/domain/disposition";
import { listItems } from "../../core/domain/list-query";
import { ATTENTION_LISTS, ATTENTION_OVERLAPS, attentionTotal } from "../../core/domain/needs-attention";
import { listResource } from "../../core/domain/resources";

const byKey = (key: string) => ATTENTION_LISTS.find((list) => list.key === key);

describe("the needs-attention lists", () => {
  it("violations awaiting a decision are stopped or ended, violated and unsigned, archived or not", () => {
    const filters = byKey("awaitingDecision")?.filters ?? [];
    const status = filters.find((f) => f.key === "status");
    expect(status && listItems(status)).toEqual([...DISPOSABLE_STATUSES]);
    expect(filters).toContainEqual({ key: "violation", operator: "eq", value: "true" });
    expect(filters).toContainEqual({ key: "dispositioned", operator: "eq", value: "false" });
    // Archiving a report with a violation decides nothing about the goods.
    expect(filters.map((f) => f.key)).not.toContain("isArchived");
  });

  it("incomplete data awaiting a decision is stopped or ended, incomplete, unsigned and not archived", () => {
    const filters = byKey("incompleteData")?.filters ?? [];
    const status = filters.find((f) => f.key === "status");
    expect(status && listItems(status)).toEqual([...DISPOSABLE_STATUSES]);
    expect(filters).toContainEqual({ key: "dataIncomplete", operator: "eq", value: "true" });
    expect(filters).toContainEqual({ key: "dispositioned", operator: "eq", value: "false" });
  });

  it("a report changed after its signature is in its own list, archived or not, and in no other decision list", () => {
    // Open alarms or not: a release that no longer stands comes first.
    expect(byKey("changedAfterSignature")?.filters).toEqual([
      { key: "changedAfterSignature", operator: "eq", value: "true" },
    ]);
    for (const key of ["awaitingDecision", "incompleteData"])
      expect(byKey(key)?.filters).toContainEqual({ key: "changedAfterSignature", operator: "eq", value: "false" });
  });

  it("a report with an open alarm is in the open alarms list and in no other, so it counts once", () => {
    expect(byKey("openAlarm")?.filters).toEqual([
      { key: "openAlarm", operator: "eq", value: "true" },
      { key: "changedAfterSignature", operator: "eq", value: "false" },
    ]);
    for (const list of ATTENTION_LISTS.filter((l) => l.key !== "openAlarm" && l.key !== "changedAfterSignature"))
      expect(list.filters, list.key).toContainEqual({ key: "openAlarm", operator: "eq", value: "false" });
  });

  it("excursions in progress are recording labels with a raised alarm", () => {
    const filters = byKey("excursionInProgress")?.filters ?? [];
    expect(filters).toContainEqual({ key: "status", operator: "eq", value: "recording" });
    expect(filters).toContainEqual({ key: "violation", operator: "eq", value: "true" });
  });

  it("every list filters and orders only by keys the report list API accepts (noSignal: the no-signal work's)", () => {
    const fields = listResource("label-reports").fields;
    for (const list of ATTENTION_LISTS) {
      for (const filter of list.filters) if (filter.key !== "noSignal") expect(fields).toHaveProperty(filter.key);
      for (const order of list.order) expect(fields[order.key]?.sortable).toBe(true);
    }
  });

  it("the menu badge adds the lists' counts, a list not read counting none", () => {
    expect(attentionTotal([2, 1, 3, null, 2, 0])).toBe(8);
    expect(attentionTotal([null, null, null, null, null, null])).toBe(0);
  });

  it("the menu badge counts a report that is in two lists once", () => {
    // 3 awaiting a decision, 2 incomplete (1 of them also violated); 4 silent, 2 in excursion (1 both).
    expect(attentionTotal([0, 0, 3, 2, 4, 2], [1, 1])).toBe(9);
  });

  it("an overlap with a list that could not be read is not taken off", () => {
    expect(attentionTotal([0, 0, 3, null, 4, 2], [1, 0])).toBe(9);
  });

  it("the lists not paired as overlaps ask for different statuses, so no report is in both", () => {
    // "Changed after signature" is kept apart by its own filter (the test above).
    const statuses = (key: string) => {
      const filter = byKey(key)?.filters.find((f) => f.key === "status");
      return new Set(filter ? listItems(filter) : []);
    };
    const paired = new Set(ATTENTION_OVERLAPS.map((o) => [...o.lists].sort().join("+")));
    const byStatus = ATTENTION_LISTS.filter((list) => !["changedAfterSignature", "openAlarm"].includes(list.key));
    for (const [i, a] of byStatus.entries()) {
      for (const b of byStatus.slice(i + 1)) {
        if (paired.has([a.key, b.key].sort().join("+"))) continue;
        const common = [...statuses(a.key)].filter((status) => statuses(b.key).has(status));
        expect(common, `${a.key} and ${b.key}`).toEqual([]);
      }
    }
  });

  it("an overlap asks for both lists' filters at once", () => {
    for (const overlap of ATTENTION_OVERLAPS) {
      for (const key of overlap.lists)
        for (const filter of byKey(key)?.filters ?? []) expect(overlap.filters).toContainEqual(filter);
    }
  });
});

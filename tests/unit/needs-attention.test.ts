import { describe, expect, it } from "vitest";
import { DISPOSABLE_STATUSES } from "../../core/domain/disposition";
import { listItems } from "../../core/domain/list-query";
import { ATTENTION_LISTS, attentionTotal } from "../../core/domain/needs-attention";
import { listResource } from "../../core/domain/resources";

const byKey = (key: string) => ATTENTION_LISTS.find((list) => list.key === key);

describe("the needs-attention lists", () => {
  it("violations awaiting a decision are stopped or ended, violated, unsigned and not archived", () => {
    const filters = byKey("awaitingDecision")?.filters ?? [];
    const status = filters.find((f) => f.key === "status");
    expect(status && listItems(status)).toEqual([...DISPOSABLE_STATUSES]);
    expect(filters).toContainEqual({ key: "violation", operator: "eq", value: "true" });
    expect(filters).toContainEqual({ key: "dispositioned", operator: "eq", value: "false" });
    expect(filters).toContainEqual({ key: "isArchived", operator: "eq", value: "false" });
  });

  it("incomplete data awaiting a decision is stopped or ended, incomplete, unsigned and not archived", () => {
    const filters = byKey("incompleteData")?.filters ?? [];
    const status = filters.find((f) => f.key === "status");
    expect(status && listItems(status)).toEqual([...DISPOSABLE_STATUSES]);
    expect(filters).toContainEqual({ key: "dataIncomplete", operator: "eq", value: "true" });
    expect(filters).toContainEqual({ key: "dispositioned", operator: "eq", value: "false" });
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
    expect(attentionTotal([3, null, 2])).toBe(5);
    expect(attentionTotal([null, null, null])).toBe(0);
  });
});

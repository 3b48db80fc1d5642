// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { LIST_COLUMNS_STORAGE_KEY, selectHiddenColumns, useListColumnsStore } from "@/providers/stores/list-columns";
import { columnChoiceScope, columnChoices, withFieldShown } from "@/resources/label-reports/column-choice";

const batch = { key: "batchNumber", name: "Batch number" };
const product = { key: "product", name: "Product" };
const value = { key: "shipmentValue", name: "Shipment value (EUR)" };

describe("which custom-field columns the list shows", () => {
  it("shows every field while the user has hidden none", () => {
    expect(columnChoices([batch, product, value], []).every((c) => c.shown)).toBe(true);
  });

  it("shows a field defined after the choice was saved", () => {
    const hidden = withFieldShown([batch, product], [], "product", false);
    expect(columnChoices([batch, product, value], hidden).map((c) => c.shown)).toEqual([true, false, true]);
  });

  it("offers one check box per field, checked when its column shows", () => {
    expect(columnChoices([batch, product], ["product"])).toEqual([
      { key: "batchNumber", name: "Batch number", shown: true },
      { key: "product", name: "Product", shown: false },
    ]);
  });

  it("showing a hidden field again removes it from the saved choice", () => {
    expect(withFieldShown([batch, product], ["product"], "product", true)).toEqual([]);
  });

  it("hiding a field twice saves it once", () => {
    expect(withFieldShown([batch, product], ["product"], "product", false)).toEqual(["product"]);
  });

  it("drops the keys of fields that no longer exist when the choice changes", () => {
    expect(withFieldShown([batch, product], ["deleted"], "batchNumber", false)).toEqual(["batchNumber"]);
  });

  it("keeps one choice per person and company, none without both", () => {
    const a = columnChoiceScope("label-reports", "u1", "c1");
    expect(a).not.toBe(columnChoiceScope("label-reports", "u1", "c2"));
    expect(a).not.toBe(columnChoiceScope("label-reports", "u2", "c1"));
    expect(columnChoiceScope("label-reports", undefined, "c1")).toBeNull();
    expect(columnChoiceScope("label-reports", "u1", undefined)).toBeNull();
  });
});

describe("list columns store", () => {
  beforeEach(() => {
    localStorage.clear();
    useListColumnsStore.setState({ hiddenColumns: {} });
  });

  it("persists the hidden columns per scope in local storage", () => {
    useListColumnsStore.getState().setHiddenColumns("label-reports:u1:c1", ["product"]);
    const stored = JSON.parse(localStorage.getItem(LIST_COLUMNS_STORAGE_KEY) ?? "null")?.state;
    expect(stored).toEqual({ hiddenColumns: { "label-reports:u1:c1": ["product"] } });
    expect(selectHiddenColumns(useListColumnsStore.getState(), "label-reports:u1:c2")).toEqual([]);
  });

  it("forgets a scope once nothing is hidden in it", () => {
    useListColumnsStore.getState().setHiddenColumns("label-reports:u1:c1", ["product"]);
    useListColumnsStore.getState().setHiddenColumns("label-reports:u1:c1", []);
    expect(useListColumnsStore.getState().hiddenColumns).toEqual({});
  });
});

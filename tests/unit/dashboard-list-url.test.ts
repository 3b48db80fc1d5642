import { describe, expect, it, vi } from "vitest";
import {
  applyFilters,
  applyOrder,
  applySearch,
  defaultListState,
  encodeQueryValue,
  formatListUrl,
  hasListParams,
  type ListState,
  listQueryOf,
  listSearchString,
  openingListState,
  parseListUrl,
  withPageReset,
} from "@/providers/list-url";
import { includesFilter, searchFilter } from "../../core/domain/list-query";
import { listResource } from "../../core/domain/resources";

const reports = listResource("label-reports");
const users = listResource("users");

const state = (changes: Partial<ListState> = {}): ListState => ({ ...defaultListState(reports), ...changes });

describe("list URL codec", () => {
  it("a list at its defaults has a bare URL", () => {
    expect(listSearchString(defaultListState(reports), reports)).toBe("");
  });

  it("a bare URL reads as the resource's defaults", () => {
    expect(parseListUrl("", reports)).toEqual({
      filters: [{ key: "isArchived", operator: "eq", value: "false" }],
      order: [{ key: "created", direction: "desc" }],
      search: "",
      pageNumber: 1,
      pageSize: 25,
    });
    expect(parseListUrl("", users).pageSize).toBe(50);
  });

  it("the URL carries filter, order, search, pageNumber and pageSize in the list grammar", () => {
    const s = state({
      filters: [includesFilter("status", ["recording", "stopped"])],
      order: [{ key: "labelId", direction: "asc" }],
      search: "LBL",
      pageNumber: 3,
      pageSize: 10,
    });
    expect(listSearchString(s, reports)).toBe(
      "?filter=status[includes]recording|stopped&order=labelId[asc]&search=LBL&pageNumber=3&pageSize=10",
    );
  });

  it("round-trips every state through the URL", () => {
    const states = [
      state(),
      state({ filters: [] }),
      state({ order: [] }),
      state({ search: "a&b=c #d%e+f" }),
      state({ filters: [{ key: "reference", operator: "ilike", value: "PO,1 [x] 100% a|b" }], pageNumber: 7 }),
      state({ filters: [includesFilter("status", ["a|b", "c,d"])], pageSize: 100 }),
    ];
    for (const s of states) expect(parseListUrl(listSearchString(s, reports), reports)).toEqual(s);
  });

  it("an empty filter parameter means no filters, not the defaults", () => {
    expect(formatListUrl(state({ filters: [] }), reports).filter).toBe("");
    expect(parseListUrl("?filter=", reports).filters).toEqual([]);
  });

  it("a parameter equal to its default is left out", () => {
    expect(formatListUrl(state({ pageNumber: 2 }), reports)).toEqual({
      filter: undefined,
      order: undefined,
      search: undefined,
      pageNumber: "2",
      pageSize: undefined,
    });
  });

  it("a hand-typed URL that breaks the grammar falls back to the defaults", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const parsed = parseListUrl("?filter=nonsense&order=created[sideways]&pageNumber=-2&pageSize=abc", reports);
    expect(parsed).toEqual(defaultListState(reports));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("query values stay readable but safe in a URL", () => {
    expect(encodeQueryValue("status[includes]a|b,c:d")).toBe("status[includes]a|b,c:d");
    expect(encodeQueryValue("a&b=c#d e")).toBe("a%26b%3Dc%23d%20e");
    // The grammar's own escape survives the URL layer.
    expect(encodeQueryValue("x%2Cy")).toBe("x%252Cy");
  });

  it("recognises a URL with list parameters", () => {
    expect(hasListParams("?search=x")).toBe(true);
    expect(hasListParams("?signin=true")).toBe(false);
  });
});

describe("list rules", () => {
  it("any change of filter resets to page 1", () => {
    const next = applyFilters(state({ pageNumber: 4 }), [{ key: "status", operator: "eq", value: "ended" }]);
    expect(next.pageNumber).toBe(1);
  });

  it("any change of order resets to page 1", () => {
    expect(applyOrder(state({ pageNumber: 4 }), [{ key: "labelId", direction: "asc" }]).pageNumber).toBe(1);
  });

  it("any change of search resets to page 1", () => {
    expect(applySearch(state({ pageNumber: 4 }), "LBL").pageNumber).toBe(1);
  });

  it("a page change alone keeps its page", () => {
    expect(withPageReset(state({ pageNumber: 1 }), state({ pageNumber: 5 })).pageNumber).toBe(5);
  });

  it("filters on the same key replace earlier ones", () => {
    const first = applyFilters(state({ filters: [] }), [{ key: "status", operator: "eq", value: "ended" }]);
    const second = applyFilters(first, [includesFilter("status", ["recording"])]);
    expect(second.filters).toEqual([includesFilter("status", ["recording"])]);
  });

  it("cleared keys drop their filters", () => {
    const next = applyFilters(state(), [], ["isArchived"]);
    expect(next.filters).toEqual([]);
  });
});

describe("opening a list", () => {
  const saved = { filters: [includesFilter("status", ["ended"])], order: [], search: searchFilter("labelId", "LBL") };

  it("an address with list parameters opens on them, not on the saved selection", () => {
    expect(openingListState("?pageNumber=2", reports, saved)).toEqual(state({ pageNumber: 2 }));
  });

  it("an address without list parameters opens on the saved selection, at page 1", () => {
    expect(openingListState("?to=x", reports, saved)).toEqual(
      state({ filters: saved.filters, order: [], search: "LBL" }),
    );
  });

  it("without a saved selection a bare address opens on the defaults", () => {
    expect(openingListState("", reports, undefined)).toEqual(defaultListState(reports));
  });
});

describe("the API query of a list state", () => {
  it("the search box is a case-insensitive like on the resource's search key, replacing a filter on it", () => {
    const query = listQueryOf(
      state({ filters: [{ key: "labelId", operator: "eq", value: "X" }], search: "LBL" }),
      reports,
    );
    expect(query.filters).toEqual([searchFilter("labelId", "LBL")]);
  });

  it("a filter left empty in the address asks nothing", () => {
    expect(listQueryOf(state({ filters: [{ key: "reference", operator: "eq", value: "" }] }), reports).filters).toEqual(
      [],
    );
  });
});

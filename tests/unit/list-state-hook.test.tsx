// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useListState } from "@/components/list/use-list-state";
import { EMPTY_SESSION, useAuthSessionStore } from "@/providers/stores/auth-session";
import { savedSelectionKey, usePageFilterStore } from "@/providers/stores/page-filters";
import { listResource } from "../../core/domain/resources";

const REPORTS = listResource("label-reports");
const COMPANY = { id: "c1", name: "C1" };

function signInAs(person: string) {
  useAuthSessionStore.setState({
    user: { id: person, email: `${person}@example.com`, featureFlags: {} },
    currentUserRole: { id: "r1", type: ["user"], company: COMPANY, user: { id: person } },
  });
}

function saveFor(person: string, search: string) {
  usePageFilterStore.getState().setPageFilter(savedSelectionKey("label-reports", person, COMPANY.id), {
    filters: [...REPORTS.defaultFilters],
    order: [...REPORTS.defaultOrder],
    search: { key: "labelId", operator: "ilike", value: search },
  });
}

function renderListAt(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      list: useListState(REPORTS),
      location: useLocation(),
      navigationType: useNavigationType(),
      navigate: useNavigate(),
    }),
    { wrapper },
  );
}

beforeEach(() => {
  localStorage.clear();
  useAuthSessionStore.setState(EMPTY_SESSION);
  usePageFilterStore.setState({ pageFilters: {} });
  signInAs("u1");
});

describe("the list state hook", () => {
  it("typing in the search box replaces the history entry", () => {
    const { result } = renderListAt("/label-reports");
    act(() => result.current.list.setSearch("LBL"));
    expect(result.current.location.search).toBe("?search=LBL");
    expect(result.current.navigationType).toBe("REPLACE");
  });

  it("a page, an order and filters are new history entries", () => {
    const { result } = renderListAt("/label-reports");
    act(() => result.current.list.setPage(2, 25));
    expect(result.current.navigationType).toBe("PUSH");
    act(() => result.current.list.setOrder([{ key: "labelId", direction: "asc" }]));
    expect(result.current.navigationType).toBe("PUSH");
    // A new order goes back to page 1.
    expect(result.current.list.state.pageNumber).toBe(1);
    act(() => result.current.list.setListFilters([{ key: "status", operator: "eq", value: "ended" }]));
    expect(result.current.navigationType).toBe("PUSH");
  });

  it("opens a bare address on the selection saved for this person and company", () => {
    saveFor("u1", "MINE");
    saveFor("u2", "THEIRS");
    const { result } = renderListAt("/label-reports");
    expect(result.current.list.openOn).toBe("/label-reports?search=MINE");
  });

  it("does not open on another person's saved selection", () => {
    saveFor("u2", "THEIRS");
    const { result } = renderListAt("/label-reports");
    expect(result.current.list.openOn).toBeNull();
    expect(result.current.list.state.search).toBe("");
  });

  it("only the address it opened on is completed: a bare address reached later is the defaults", () => {
    saveFor("u1", "MINE");
    const { result } = renderListAt("/label-reports?search=MINE");
    act(() => void result.current.navigate("/label-reports"));
    expect(result.current.list.openOn).toBeNull();
    expect(result.current.list.state.search).toBe("");
  });

  it("saves the selection for this person and company, and a page change leaves it as it was", () => {
    const { result } = renderListAt("/label-reports");
    act(() => result.current.list.setSearch("LBL"));
    const key = savedSelectionKey("label-reports", "u1", COMPANY.id) as string;
    const saved = usePageFilterStore.getState().pageFilters[key];
    expect(saved?.search?.value).toBe("LBL");
    act(() => result.current.list.setPage(3, 25));
    expect(usePageFilterStore.getState().pageFilters[key]).toBe(saved);
  });
});

describe("changes in one event", () => {
  it("build on each other: a new order, then page 1, is one step with the new order", () => {
    const { result } = renderListAt("/label-reports?pageNumber=2");
    act(() => {
      result.current.list.setOrder([{ key: "labelId", direction: "asc" }]);
      result.current.list.setPage(1, 25);
    });
    expect(result.current.list.state.order).toEqual([{ key: "labelId", direction: "asc" }]);
    expect(result.current.list.state.pageNumber).toBe(1);
  });
});

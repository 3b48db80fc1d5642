// @vitest-environment jsdom
import { Refine, useGo, useParsed } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { textColumn } from "@/components/list/columns";
import { ResourceList } from "@/components/list/resource-list";
import { createDataProvider } from "@/providers/data-provider";
import { routerProvider } from "@/providers/router-provider";
import { usePageFilterStore } from "@/providers/stores/page-filters";
import { resources } from "@/resources";
import { setupControlsDom } from "./controls-dom";

// Vitest loads the prebuilt @refinedev/react-router with its own copy of react-router,
// whose Router context the test's <MemoryRouter> does not provide; its sources share ours.
vi.mock("@refinedev/react-router", () => import("../../node_modules/@refinedev/react-router/src/index"));

setupControlsDom();

beforeEach(() => {
  localStorage.clear();
  usePageFilterStore.setState({ pageFilters: {}, currentPageFilterKey: null });
});

type Fetch = (url: string) => Response;
const ok: Fetch = () =>
  new Response(JSON.stringify({ data: [{ id: "1", labelId: "LBL-1" }], totalDocuments: 1, after: null }), {
    headers: { "content-type": "application/json" },
  });

/** Refine with the app's router provider and resources in memory (jsdom, telemetry off, no cache). */
function TestApp({ path, children, fetch = ok }: { path: string; children: ReactNode; fetch?: Fetch }) {
  const calls = vi.fn(async (url: string | URL | Request) => fetch(String(url)));
  const dataProvider = createDataProvider({
    apiUrl: () => "/api",
    fetch: calls as unknown as typeof globalThis.fetch,
    authHeaders: () => ({}),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: 0, retry: false } } });
  return (
    <MemoryRouter initialEntries={[path]}>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        resources={resources}
        options={{ syncWithLocation: true, disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
      >
        {children}
        <LocationProbe />
      </Refine>
    </MemoryRouter>
  );
}

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{decodeURIComponent(`${pathname}${search}`)}</output>;
}

const location = () => screen.getByTestId("location").textContent;

let go: ReturnType<typeof useGo> = () => undefined;
let parsed: ReturnType<typeof useParsed> = {};
function Hooks() {
  go = useGo();
  parsed = useParsed();
  return null;
}

function renderHooksAt(path: string) {
  render(
    <TestApp path={path}>
      <Routes>
        <Route path="/label-reports/:id" element={<Hooks />} />
        <Route path="*" element={<Hooks />} />
      </Routes>
    </TestApp>,
  );
}

describe("router provider", () => {
  it("go writes Refine's list keys as filter, order, search, pageNumber and pageSize", () => {
    renderHooksAt("/label-reports?filter=status[includes]ended&order=labelId[asc]&search=LBL");
    act(() => {
      go({
        type: "replace",
        options: { keepQuery: true },
        query: {
          currentPage: 3,
          pageSize: 10,
          sorters: [{ field: "labelId", order: "asc" }],
          filters: [
            { field: "status", operator: "in", value: ["ended"] },
            { key: "search", operator: "and", value: [{ field: "labelId", operator: "contains", value: "LBL" }] },
          ],
        },
      });
    });
    expect(location()).toBe(
      "/label-reports?filter=status[includes]ended&order=labelId[asc]&search=LBL&pageNumber=3&pageSize=10",
    );
  });

  it("parse reads them back in Refine's vocabulary and strips the URL keys from params", () => {
    renderHooksAt("/label-reports/abc?filter=status[eq]ended&order=labelId[asc]&search=x&pageNumber=2&signin=true");
    expect(parsed.params).toEqual({
      signin: "true",
      filters: [
        { field: "status", operator: "eq", value: "ended" },
        { key: "search", operator: "and", value: [{ field: "labelId", operator: "contains", value: "x" }] },
      ],
      sorters: [{ field: "labelId", order: "asc" }],
      currentPage: 2,
      pageSize: 25,
    });
    expect(parsed.params).not.toHaveProperty("id");
    expect(parsed.id).toBe("abc");
  });

  it("a bare list URL parses as the resource's defaults", () => {
    renderHooksAt("/label-reports");
    expect(parsed.params).toMatchObject({
      filters: [{ field: "isArchived", operator: "eq", value: "false" }],
      sorters: [{ field: "created", order: "desc" }],
      currentPage: 1,
      pageSize: 25,
    });
  });

  it("a change of filter through go resets the page to 1", () => {
    renderHooksAt("/users?pageNumber=4");
    act(() => {
      go({
        type: "replace",
        options: { keepQuery: true },
        query: { filters: [{ field: "name", operator: "contains", value: "a" }] },
      });
    });
    expect(location()).toBe("/users?filter=name[ilike]a");
  });

  it("other query keys are kept, and calls without list keys pass through", () => {
    renderHooksAt("/label-reports?signin=true");
    act(() => go({ type: "replace", options: { keepQuery: true }, query: { currentPage: 2 } }));
    expect(location()).toBe("/label-reports?signin=true&pageNumber=2");
    act(() => go({ to: "/settings", type: "push" }));
    expect(location()).toBe("/settings");
  });
});

describe("resource list", () => {
  const columns = [textColumn<{ id: string; labelId: string }>("labelId", "Label ID")];
  const renderList = (path: string, fetch?: Fetch) =>
    render(
      <TestApp path={path} {...(fetch ? { fetch } : {})}>
        <Routes>
          <Route path="/label-reports" element={<ResourceList resource="label-reports" columns={columns} />} />
        </Routes>
      </TestApp>,
    );

  it("a page past the end (HTTP 416) resets the URL's page number to 1", async () => {
    renderList("/label-reports?pageNumber=9", (url) =>
      url.includes("pageNumber=9") ? new Response("", { status: 416 }) : ok(url),
    );
    expect(location()).toBe("/label-reports?pageNumber=9");
    await waitFor(() => expect(location()).toBe("/label-reports"));
    expect(await screen.findByText("LBL-1")).toBeTruthy();
  });

  it("saves its selection and restores it when opened without query parameters", async () => {
    const first = renderList("/label-reports?search=LBL&order=labelId[asc]");
    await screen.findByText("LBL-1");
    await waitFor(() =>
      expect(usePageFilterStore.getState().pageFilters["label-reports"]).toMatchObject({
        order: [{ key: "labelId", direction: "asc" }],
        search: { key: "labelId", operator: "ilike", value: "LBL" },
      }),
    );
    first.unmount();
    renderList("/label-reports");
    await waitFor(() => expect(location()).toBe("/label-reports?order=labelId[asc]&search=LBL"));
  });
});

// @vitest-environment happy-dom
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { QueryClient } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, type NavigateFunction, Route, Routes, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { textColumn } from "@/components/list/columns";
import { ResourceList } from "@/components/list/resource-list";
import { clearPrefetch, prefetchGet, takePrefetchedBody } from "@/providers/boot-prefetch";
import { createDataProvider, DATABASE_HEADER } from "@/providers/data-provider";
import { landingListRequestUrl, takeLandingList } from "@/providers/landing-prefetch";
import { usePageFilterStore } from "@/providers/stores/page-filters";
import { resources } from "@/resources";
import { setupControlsDom } from "./controls-dom";

// Vitest loads the prebuilt @refinedev/react-router with its own copy of react-router,
// whose Router context the test's <MemoryRouter> does not provide; its sources share ours.
vi.mock("@refinedev/react-router", () => import("../../node_modules/@refinedev/react-router/src/index"));

setupControlsDom();

const HEADERS = { ...DATABASE_HEADER };
const BOOT_PAGE = { data: [{ id: "1", labelId: "LBL-BOOT" }], totalDocuments: 1, after: null };
const SERVER_PAGE = { data: [{ id: "2", labelId: "LBL-SERVER" }], totalDocuments: 1, after: null };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The boot's request for the list at `/label-reports`, answered with `answer`, and read. */
async function bootRequestAnswered(answer: Response) {
  const url = landingListRequestUrl({ pathname: "/label-reports", search: "" }) as string;
  // The boot reads a 200's JSON: watched here, so the list renders once that read has ended,
  // however long a busy machine takes over it.
  // It reads a copy (the response itself stays unread for a request that takes it).
  let read: Promise<unknown> | undefined;
  const clone = answer.clone.bind(answer);
  answer.clone = () => {
    const copy = clone();
    const json = copy.json.bind(copy);
    copy.json = () => {
      read = json();
      return read;
    };
    return copy;
  };
  prefetchGet(url, HEADERS, async () => answer);
  await act(async () => {
    if (answer.status === 200) {
      await vi.waitFor(() => expect(read).toBeDefined());
      await read;
    }
    // What the boot does with the answer runs in the microtasks before this timer.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return url;
}

let navigate: NavigateFunction = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderList() {
  const fetch = vi.fn(async (_url: string | URL | Request) => json(SERVER_PAGE));
  const dataProvider = createDataProvider({
    fetch: fetch as unknown as typeof globalThis.fetch,
    authHeaders: () => ({}),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: 0, retry: false } } });
  const columns = [textColumn<{ id: string; labelId: string }>("labelId", "Label ID")];
  render(
    <MemoryRouter initialEntries={["/label-reports"]}>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        resources={resources}
        options={{ syncWithLocation: false, disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
      >
        <Navigator />
        <Routes>
          <Route path="/label-reports" element={<ResourceList resource="label-reports" columns={columns} />} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  usePageFilterStore.setState({ pageFilters: {} });
  // The boot's rows count as fresh for 5 s after the page took them; rendering the list took
  // longer than that in the test DOM at load 20, and the list asked the server again. The clock
  // stands still here, timers still run: the rules tested are not about that window.
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  clearPrefetch();
});

describe("the landing list's boot answer", () => {
  it("is in the list's first render, which then asks the server nothing", async () => {
    await bootRequestAnswered(json(BOOT_PAGE));
    const fetch = renderList();
    // No waiting: the rows are there as the page first renders.
    expect(screen.getByText("LBL-BOOT")).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is the first list state's only: the next state's rows come from the server", async () => {
    await bootRequestAnswered(json(BOOT_PAGE));
    const fetch = renderList();
    act(() => void navigate("/label-reports?search=LBL"));
    expect(await screen.findByText("LBL-SERVER")).toBeTruthy();
    expect(screen.queryByText("LBL-BOOT")).toBeNull();
    expect(String(fetch.mock.calls[0]?.[0])).toContain("labelId");
  });

  it("not in yet when the list renders, is waited for: the list sends no request of its own", async () => {
    const url = landingListRequestUrl({ pathname: "/label-reports", search: "" }) as string;
    let answer: (response: Response) => void = () => undefined;
    prefetchGet(url, HEADERS, () => new Promise<Response>((resolve) => (answer = resolve)));
    const fetch = renderList();
    act(() => answer(json(BOOT_PAGE)));
    expect(await screen.findByText("LBL-BOOT")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("not in yet and then failing to reach the server, the list asks the server itself", async () => {
    const url = landingListRequestUrl({ pathname: "/label-reports", search: "" }) as string;
    prefetchGet(url, HEADERS, async () => {
      throw new TypeError("Failed to fetch");
    });
    const fetch = renderList();
    expect(await screen.findByText("LBL-SERVER")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is not taken for another role token", async () => {
    await bootRequestAnswered(json(BOOT_PAGE));
    const url = landingListRequestUrl({ pathname: "/label-reports", search: "" }) as string;
    expect(takePrefetchedBody(url, { ...HEADERS, "api-key": "other", jwt: "other" })).toBeUndefined();
  });

  it("is not taken when it is an error: the list asks the server itself", async () => {
    await bootRequestAnswered(json({ message: "Internal" }, 500));
    expect(takeLandingList({ pathname: "/label-reports", search: "" })).toBeUndefined();
  });
});

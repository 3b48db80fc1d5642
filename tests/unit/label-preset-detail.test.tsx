// @vitest-environment happy-dom
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { QueryClient } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDataProvider } from "@/providers/data-provider";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { resources } from "@/resources";
import { LabelPresetShow } from "@/resources/label-presets/show";
import { setupControlsDom } from "./controls-dom";

// The prebuilt @refinedev/react-router carries its own copy of react-router, whose Router
// context the test's <MemoryRouter> does not provide; its sources share ours.
vi.mock("@refinedev/react-router", () => import("../../node_modules/@refinedev/react-router/src/index"));

setupControlsDom();

const PRESET = {
  id: "11111111-1111-4111-8111-111111111111",
  companyId: "c",
  name: "Pharma 2–8 °C",
  slug: "pharma-2-8-c",
  description: "Refrigerated medicines.",
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: false,
  humidityMin: null,
  humidityMax: null,
  shockEnabled: false,
  shockThresholdG: null,
  alarmDelayMinutes: 30,
  alarmType: "single",
  intervalMinutes: 5,
  startDelayMinutes: 0,
  batteryWarningLevel: 20,
  isArchived: false,
  reportCount: 3,
  created: "2026-01-05T10:00:00Z",
  updated: "2026-01-05T10:00:00Z",
};

const VERSIONS = [
  {
    version: 2,
    changedAt: "2026-02-01T09:00:00Z",
    changedBy: { name: "Ada Admin", email: "ada@example.com" },
    changes: ["temperatureMax", "alarmDelayMinutes"],
    reportCount: 1,
  },
  { version: 1, changedAt: "2026-01-05T10:00:00Z", changedBy: null, changes: [], reportCount: 2 },
];

function asRole(role: string) {
  useAuthSessionStore.setState({
    // A user object, so the session's feature flags keep one identity between renders.
    user: { id: "u", featureFlags: {} } as never,
    currentUserRole: { id: "r", type: [role], company: { id: "c" } as never, user: { id: "u" } },
  });
}

function renderDetail() {
  const fetch = vi.fn(
    async (url: string) =>
      new Response(JSON.stringify(String(url).endsWith("/versions") ? VERSIONS : PRESET), {
        headers: { "content-type": "application/json" },
      }),
  );
  const dataProvider = createDataProvider({
    apiUrl: () => "/api",
    fetch: fetch as unknown as typeof globalThis.fetch,
    authHeaders: () => ({}),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: 0, retry: false } } });
  render(
    <MemoryRouter initialEntries={["/label-presets/pharma-2-8-c"]}>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        resources={resources}
        options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
      >
        <Routes>
          <Route path="/label-presets/:slug" element={<LabelPresetShow />} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
  return fetch;
}

beforeEach(() => usePreferencesStore.setState({ fahrenheit: false }));
// The store is shared with the worker's next files (isolate: false): leave it as found.
afterEach(() => usePreferencesStore.getState().resetPreferences());

describe("the preset detail page", () => {
  it("asks the API for the preset by its slug", async () => {
    asRole("administrator");
    const fetch = renderDetail();
    await screen.findByRole("heading", { name: "Pharma 2–8 °C" });
    expect(String(fetch.mock.calls[0]?.[0 as never])).toBe("/api/label-presets/pharma-2-8-c");
  });

  it("offers edit and archive to an administrator, and no delete for a preset reports use", async () => {
    asRole("administrator");
    renderDetail();
    await screen.findByRole("heading", { name: "Pharma 2–8 °C" });
    expect(screen.getByRole("button", { name: /Edit$/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Archive Pharma/ })).toBeTruthy();
    expect((screen.getByRole("button", { name: /Delete Pharma/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("is read-only for a role that reads presets but may not change them (handler)", async () => {
    asRole("handler");
    renderDetail();
    await screen.findByRole("heading", { name: "Pharma 2–8 °C" });
    expect(screen.getByText("2 to 8 °C")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Archive|Delete/ })).toBeNull();
  });

  it("shows temperatures in °F when the user prefers it", async () => {
    asRole("handler");
    usePreferencesStore.setState({ fahrenheit: true });
    renderDetail();
    expect(await screen.findByText("35.6 to 46.4 °F")).toBeTruthy();
  });

  it("shows the version history: who changed which settings, and how many reports each version judges", async () => {
    asRole("handler");
    renderDetail();
    const versions = await screen.findByRole("region", { name: "Versions" });
    expect(await within(versions).findByText("Changed highest temperature, alarm delay")).toBeTruthy();
    expect(within(versions).getByText("Ada Admin (ada@example.com)")).toBeTruthy();
    expect(within(versions).getByText("Created")).toBeTruthy();
    const rows = within(versions).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("Version"),
      expect.stringMatching(/^2.*1$/),
      expect.stringMatching(/^1.*2$/),
    ]);
  });
});

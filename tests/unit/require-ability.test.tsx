// @vitest-environment happy-dom
import { type AccessControlProvider, Refine } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { RequireAbility } from "@/components/routing/require-ability";
import { resources } from "@/resources";
import { RESOURCE } from "@/resources/names";

// Vitest loads the prebuilt @refinedev/react-router with its own copy of react-router,
// whose Router context the test's <MemoryRouter> does not provide; its sources share ours.
vi.mock("@refinedev/react-router", () => import("../../node_modules/@refinedev/react-router/src/index"));

let navigate: ReturnType<typeof useNavigate> = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

describe("the route guard", () => {
  it("does not send a person away on a denial cached for the role token they had before", async () => {
    // The impersonated person may not open the control center; the administrator may.
    let allowed = false;
    const accessControlProvider: AccessControlProvider = { can: async () => ({ can: allowed }) };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter initialEntries={["/control-center"]}>
        <Refine
          resources={resources}
          accessControlProvider={accessControlProvider}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          <Navigator />
          <Routes>
            <Route path="/" element={<p>Home</p>} />
            <Route
              path="/control-center"
              element={
                <RequireAbility resource={RESOURCE.controlCenter}>
                  <p>Control center</p>
                </RequireAbility>
              }
            />
          </Routes>
        </Refine>
      </MemoryRouter>,
    );
    expect(await screen.findByText("Home")).toBeTruthy();
    // The impersonation ends: the token changes, every cached answer is to be asked again
    // (session-sync.ts), and the dashboard opens the control center at once.
    allowed = true;
    await act(async () => {
      void queryClient.invalidateQueries();
      navigate("/control-center");
    });
    expect(await screen.findByText("Control center")).toBeTruthy();
    expect(screen.queryByText("Home")).toBeNull();
  });
});

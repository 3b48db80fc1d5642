// @vitest-environment happy-dom
import { type NotificationProvider, Refine } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createDataProvider } from "@/providers/data-provider";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import type { TimeZoneChoice } from "@/providers/stores/preferences";
import { emailTimeZoneOf, useEmailTimeZoneSync } from "@/resources/settings/profile/email-time-zone";

/** The zone picked in Preferences is copied to the account for alert e-mails. */

describe("the zone sent for alert e-mails", () => {
  it("is the device's IANA zone for the device choice, UTC for utc, a named zone as is", () => {
    expect(emailTimeZoneOf("system", false, "Europe/Paris")).toBe("Europe/Paris");
    expect(emailTimeZoneOf("utc", false, "Europe/Paris")).toBe("UTC");
    expect(emailTimeZoneOf("Asia/Tokyo", false, "Europe/Paris")).toBe("Asia/Tokyo");
  });

  it("is nothing while impersonating: support's choice is not the customer's", () => {
    expect(emailTimeZoneOf("Asia/Tokyo", true, "Europe/Paris")).toBeNull();
  });
});

let choose: (choice: TimeZoneChoice) => void = () => undefined;
function Probe() {
  choose = useEmailTimeZoneSync();
  return null;
}

function renderSync(status: number) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(status === 200 ? { timeZone: "Asia/Tokyo" } : { message: "Down" }), {
        status,
        headers: { "content-type": "application/json" },
      }),
  );
  const notifications = { open: vi.fn(), close: vi.fn() } satisfies NotificationProvider;
  const dataProvider = createDataProvider({
    apiUrl: () => "/api",
    fetch: fetch as unknown as typeof globalThis.fetch,
    authHeaders: () => ({}),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <Refine
      dataProvider={dataProvider}
      notificationProvider={notifications}
      options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
    >
      <Probe />
    </Refine>,
  );
  return { fetch, notifications };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => useAuthSessionStore.setState({ impersonationRoleToken: null, impersonationUserRole: null }));

describe("picking a zone in Preferences", () => {
  it("sends PATCH /api/me with the zone, and a failure shows no message", async () => {
    const { fetch, notifications } = renderSync(500);
    act(() => choose("Asia/Tokyo"));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/me");
    expect(init?.method?.toUpperCase()).toBe("PATCH");
    expect(JSON.parse(String(init?.body))).toEqual({ timeZone: "Asia/Tokyo" });
    expect(notifications.open).not.toHaveBeenCalled();
  });

  it("sends nothing while impersonating", async () => {
    useAuthSessionStore.setState({ impersonationRoleToken: {} as never, impersonationUserRole: {} as never });
    const { fetch } = renderSync(200);
    act(() => choose("Asia/Tokyo"));
    await settle();
    expect(fetch).not.toHaveBeenCalled();
  });
});

// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  fetchLatestBuildId,
  isUpdateAvailable,
  LATEST_BUILD_URL,
  readBuildId,
  UPDATE_CHECK_INTERVAL_MS,
} from "@/components/global/update-modal/build-version";
import {
  RELOAD_LABEL,
  UPDATE_SUBTITLE,
  UPDATE_TITLE,
  UpdateModal,
} from "@/components/global/update-modal/update-modal";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

const latest = (buildId: string) =>
  vi.fn(async () => new Response(JSON.stringify({ buildId }), { headers: { "content-type": "application/json" } }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe("update detection rules", () => {
  it("reads builds/latest.json's buildId", () => {
    expect(LATEST_BUILD_URL).toBe("/builds/latest.json");
    expect(readBuildId({ buildId: "b2", builtAt: "x" })).toBe("b2");
    expect(readBuildId({})).toBeNull();
    expect(readBuildId(null)).toBeNull();
  });

  it("an update is available only when the published id differs from the running one", () => {
    expect(isUpdateAvailable("b1", "b2")).toBe(true);
    expect(isUpdateAvailable("b1", "b1")).toBe(false);
    expect(isUpdateAvailable("b1", null)).toBe(false);
    expect(isUpdateAvailable(undefined, "b2")).toBe(false);
  });

  it("a failed or malformed fetch yields no id", async () => {
    expect(await fetchLatestBuildId(vi.fn(async () => new Response("nope", { status: 404 })))).toBeNull();
    expect(await fetchLatestBuildId(vi.fn(async () => Promise.reject(new Error("offline"))))).toBeNull();
    expect(await fetchLatestBuildId(latest("b7"))).toBe("b7");
  });

  it("polls every 60 s by default", () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(60_000);
  });
});

describe("update modal", () => {
  it("opens 'Updated version available' once a different build id is published, without a close button", async () => {
    const fetch = latest("b2");
    render(<UpdateModal currentBuildId="b1" intervalMs={1000} fetch={fetch} reload={() => undefined} />);
    expect(screen.queryByText(UPDATE_TITLE)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetch).toHaveBeenCalledWith("/builds/latest.json", expect.objectContaining({ cache: "no-store" }));
    expect(screen.getByText(UPDATE_TITLE)).toBeTruthy();
    expect(screen.getByText(UPDATE_SUBTITLE)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /close/i })).toBeNull();
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(screen.getByText(UPDATE_TITLE)).toBeTruthy();
  });

  it("stays closed while the published id is the running one", async () => {
    const fetch = latest("b1");
    render(<UpdateModal currentBuildId="b1" intervalMs={1000} fetch={fetch} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(UPDATE_TITLE)).toBeNull();
  });

  it("checks again when the window regains focus", async () => {
    const fetch = latest("b2");
    render(<UpdateModal currentBuildId="b1" intervalMs={60_000} fetch={fetch} />);
    window.dispatchEvent(new Event("focus"));
    await flush();
    expect(fetch).toHaveBeenCalledOnce();
    expect(screen.getByText(UPDATE_TITLE)).toBeTruthy();
  });

  it("'Reload application' applies the update", async () => {
    const reload = vi.fn();
    render(<UpdateModal currentBuildId="b1" intervalMs={1000} fetch={latest("b2")} reload={reload} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    fireEvent.click(screen.getByRole("button", { name: RELOAD_LABEL }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("without a running build id (development), nothing is polled", async () => {
    const fetch = latest("b2");
    render(<UpdateModal currentBuildId={undefined} intervalMs={1000} fetch={fetch} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  buildManifestUrl,
  fetchLatestBuildId,
  isUpdateAvailable,
  readBuildId,
  readBuildManifest,
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
    expect(fetch).toHaveBeenCalledWith("/builds/latest.json", expect.anything());
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

describe("the page manifest, keyed by build id", () => {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

  it("the modal waits until the new build's page manifest builds/{id}.json is published", async () => {
    let published = false;
    const fetch = vi.fn(async (url: string) => {
      if (url === "/builds/latest.json") return json({ buildId: "b2" });
      if (url === "/builds/b2.json" && published) return json({ buildId: "b2", files: [] });
      return new Response("not found", { status: 404 });
    });
    render(<UpdateModal currentBuildId="b1" intervalMs={1000} fetch={fetch as typeof globalThis.fetch} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(fetch).toHaveBeenCalledWith("/builds/b2.json", expect.objectContaining({ cache: "no-store" }));
    expect(screen.queryByText(UPDATE_TITLE)).toBeNull();
    published = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByText(UPDATE_TITLE)).toBeTruthy();
  });

  it("a manifest of another build does not count", async () => {
    expect(readBuildManifest({ buildId: "b3", files: ["assets/a.js"] }, "b2")).toBeNull();
    expect(readBuildManifest({ buildId: "b2", files: ["assets/a.js", "//evil.example/x.js", 7] }, "b2")).toEqual({
      buildId: "b2",
      files: ["assets/a.js"],
    });
    expect(buildManifestUrl("b2")).toBe("/builds/b2.json");
  });

  it("the files the new build's manifest lists are prefetched before the reload is offered", async () => {
    const fetch = vi.fn(async (url: string) =>
      url === "/builds/latest.json"
        ? json({ buildId: "b9" })
        : json({ buildId: "b9", files: ["assets/index-b9.js", "assets/index-b9.css"] }),
    );
    render(<UpdateModal currentBuildId="b1" intervalMs={1000} fetch={fetch as typeof globalThis.fetch} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const prefetched = [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute("href"));
    expect(prefetched).toEqual(expect.arrayContaining(["/assets/index-b9.js", "/assets/index-b9.css"]));
    expect(screen.getByText(UPDATE_TITLE)).toBeTruthy();
  });
});

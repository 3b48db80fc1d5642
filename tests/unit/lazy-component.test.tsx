// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { Component, type ReactNode, Suspense, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyComponent } from "@/components/routing/lazy-component";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let effectsRan = false;
function Ready() {
  useEffect(() => {
    effectsRan = true;
  }, []);
  return <p>Ready</p>;
}

function Loaded({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Failed: {String(this.state.error)}</p> : this.props.children;
  }
}

describe("a component from its own chunk", () => {
  it("shows its fallback while the chunk loads and never suspends (React would hold the content back)", async () => {
    const Lazy = lazyComponent(async () => Loaded, <p>Loading</p>);
    render(
      <Suspense fallback={<p>Suspended</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeTruthy();
    expect(screen.queryByText("Suspended")).toBeNull();
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
  });

  it("renders at once, with its props, once the chunk has loaded", async () => {
    const Lazy = lazyComponent(async () => Loaded, <p>Loading</p>);
    await Lazy.preload();
    render(<Lazy name="Grace" />);
    expect(screen.getByText("Hello Grace")).toBeTruthy();
  });

  it("loads its chunk once for every mount", async () => {
    const load = vi.fn(async () => Loaded);
    const Lazy = lazyComponent(load);
    render(
      <>
        <Lazy name="one" />
        <Lazy name="two" />
      </>,
    );
    expect(await screen.findByText("Hello two")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failed load reaches the error boundary, and the next mount tries again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("chunk gone")).mockResolvedValue(Loaded);
    const Lazy = lazyComponent<{ name: string }>(load);
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <Catch>
        <Lazy name="Ada" />
      </Catch>,
    );
    expect(await screen.findByText("Failed: Error: chunk gone")).toBeTruthy();
    cleanup();
    render(<Lazy name="again" />);
    expect(await screen.findByText("Hello again")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  // A MutationObserver runs right after React's commit, before any later task: where a click
  // on a busy machine can land. antd's checkbox group and the drawer's focus need their effects.
  it("the content's effects have run by the time it is in the page, before the next event", async () => {
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    effectsRan = false;
    const Lazy = lazyComponent(async () => Ready);
    const container = document.createElement("div");
    document.body.append(container);
    const seen: boolean[] = [];
    const observer = new MutationObserver(() => {
      if (container.textContent?.includes("Ready")) seen.push(effectsRan);
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    const root = createRoot(container);
    root.render(<Lazy />);
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen[0]).toBe(true);
    observer.disconnect();
    root.unmount();
    container.remove();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
  });
});

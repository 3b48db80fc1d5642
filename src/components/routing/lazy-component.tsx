import { type ComponentType, createElement, type ReactNode, useEffect, useState } from "react";
import { flushSync } from "react-dom";

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Fetches the chunk ahead of the first render (once; again after a failure). */
  preload(): Promise<ComponentType<P>>;
};

/**
 * A component from its own chunk, like React.lazy() but without suspending: React holds a
 * suspended boundary's content back until 300 ms after the last time any boundary showed
 * or hid its fallback (FALLBACK_THROTTLE_MS in react-dom). On a cold load, every lazy()
 * that resolved, down to the update notice fetched when the browser was first idle, pushed
 * the list's rows back by up to 300 ms more (docs/decisions.md, "Chunks load without suspending").
 * This one renders `fallback` while the chunk loads, then re-renders with an ordinary
 * update, which React commits at once; once loaded it renders synchronously. A failed load
 * is thrown in render, for the nearest error boundary, and the next mount tries again.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  // biome-ignore lint/correctness/noComponentHookFactories: called once per chunk at module level, as React.lazy() is.
  function Lazy(props: P) {
    // Set when the chunk has settled: {} once loaded (a re-render), { error } if it failed.
    const [settled, settle] = useState<{ error?: unknown }>();
    // Started in render, as lazy() does: the chunk is on its way before the commit.
    const waiting = loaded || settled ? undefined : preload();
    useEffect(() => {
      // A synchronous render, so the content's effects run before the browser handles the
      // next click: as an ordinary update they would wait for a later task, and a click on a
      // busy machine could come first, to controls not yet set up (a drawer not yet focused,
      // antd's checkbox group not yet knowing its boxes).
      waiting?.then(
        () => flushSync(() => settle({})),
        (error: unknown) => settle({ error }),
      );
    }, [waiting]);
    if (settled && "error" in settled) throw settled.error;
    return loaded ? createElement(loaded, props) : fallback;
  }
  return Object.assign(Lazy, { preload });
}

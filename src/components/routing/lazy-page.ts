import { type ComponentType, lazy } from "react";

/** A named export as a route-level chunk: the module is fetched when the route first renders. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

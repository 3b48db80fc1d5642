import { type ComponentType, createElement, type ReactNode } from "react";
import { lazyComponent } from "./lazy-component";
import { PageLoader } from "./page-loader";

/**
 * A named export as a route-level chunk: the module is fetched when the route first renders,
 * with the page loader meanwhile (`null` for an overlay drawn over a page that is already there).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = createElement(PageLoader),
) {
  return lazyComponent(async () => (await load())[name] as ComponentType, fallback);
}

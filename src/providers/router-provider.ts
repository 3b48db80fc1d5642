import {
  type GoConfig,
  type GoFunction,
  matchResourceFromRoute,
  type ParseFunction,
  ResourceContext,
  type RouterProvider,
} from "@refinedev/core";
import baseRouterProvider from "@refinedev/react-router";
import { useCallback, useContext } from "react";
import { useLocation } from "react-router";
import {
  encodeQueryValue,
  formatListUrl,
  hasRefineListKeys,
  LIST_URL_KEYS,
  listResourceOf,
  listStateToRefine,
  parseListUrl,
  REFINE_LIST_KEYS,
  refineToListState,
  withPageReset,
} from "./list-url";

/**
 * The react-router bindings, with the list keys renamed. Refine's useTable writes
 * `currentPage`, `pageSize`, `sorters` and `filters` through `go` and reads them back
 * through `parse`; on the five list resources the URL carries `filter`, `order`,
 * `search`, `pageNumber` and `pageSize` in the shared list grammar instead
 * (src/providers/list-url.ts does the encoding).
 */

const OWN_KEYS: ReadonlySet<string> = new Set<string>([...LIST_URL_KEYS, ...REFINE_LIST_KEYS]);

const pathnameOf = (to: string) => to.split(/[?#]/)[0] ?? "";

const noGo: GoFunction = () => undefined;
const useBaseGo = baseRouterProvider.go ?? (() => noGo);
const useBaseParse: () => ParseFunction = baseRouterProvider.parse ?? (() => () => ({}));

function useListGo(): GoFunction {
  const baseGo = useBaseGo();
  const { pathname, search, hash } = useLocation();
  const { resources } = useContext(ResourceContext);

  return useCallback(
    (config: GoConfig) => {
      // An explicit path: an empty `to` would resolve against the calling route, which
      // closes an overlay when the list under it writes its state.
      const to = config.to || pathname;
      if (!hasRefineListKeys(config.query)) return baseGo({ ...config, to });

      const list = listResourceOf(matchResourceFromRoute(pathnameOf(to), resources).resource?.name);
      const current = new URLSearchParams(config.options?.keepQuery ? search : "");
      const query: Record<string, unknown> = {};
      // The base bindings write values as they are given (qs with encode: false):
      // values are encoded here, except `to`, which the base encodes itself.
      for (const [key, value] of current) {
        if (!OWN_KEYS.has(key)) query[key] = key === "to" ? value : encodeQueryValue(value);
      }
      for (const [key, value] of Object.entries(config.query ?? {})) {
        if (!OWN_KEYS.has(key)) query[key] = value;
      }
      if (list) {
        const previous = parseListUrl(current, list);
        const next = withPageReset(previous, refineToListState(config.query ?? {}, previous));
        for (const [key, value] of Object.entries(formatListUrl(next, list))) {
          query[key] = value === undefined ? undefined : encodeQueryValue(value);
        }
      }
      const translated: GoConfig = { ...config, to, query, options: { ...config.options, keepQuery: false } };
      if (config.type !== "path") {
        const target = baseGo({ ...translated, type: "path" });
        if (target === `${pathname}${search}` || target === `${pathname}${search}${hash}`) return; // nothing to do
      }
      return baseGo(translated);
    },
    [baseGo, pathname, search, hash, resources],
  );
}

function useListParse(): ParseFunction {
  const baseParse = useBaseParse();
  const { search } = useLocation();

  return useCallback(() => {
    const parsed = baseParse();
    // Only the query's own keys go on: route params (an overlay's `id`) would reach
    // every hook's `meta` and give the list under an overlay a new query key.
    const params: Record<string, unknown> = {};
    const query = new URLSearchParams(search);
    for (const [key, value] of query) {
      if (!OWN_KEYS.has(key)) params[key] = value;
    }
    const list = listResourceOf(parsed.resource?.name);
    if (list) Object.assign(params, listStateToRefine(parseListUrl(query, list), list));
    return { ...parsed, params };
  }, [baseParse, search]);
}

export const routerProvider: RouterProvider = {
  ...baseRouterProvider,
  go: useListGo,
  parse: useListParse,
};

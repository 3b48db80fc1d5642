/**
 * jsdom matches CSS selectors with nwsapi, which keeps its compiled selectors in an LRU
 * cache of 1,000 entries. getComputedStyle (which Testing Library's role queries call to
 * tell what is hidden) matches every rule of every style sheet against each element, in
 * order; antd injects more than 1,000 rules, so each match evicts the one needed next and
 * every selector is compiled again: a role query on a page of 200 elements took 2 s.
 * An unbounded cache gives the same answers and keeps each compiled selector.
 *
 * nwsapi reads its caches through their get/set methods, and jsdom keeps its instances on
 * the document's implementation; if a jsdom upgrade moves them, this says so instead of
 * letting the tests slow down unseen.
 */
const CACHES = ["matchLambdas", "selectLambdas", "matchResolvers", "selectResolvers"] as const;

type SelectorCache = Record<"get" | "has" | "set" | "clear" | "size", unknown>;
type Nwsapi = Record<(typeof CACHES)[number], SelectorCache | undefined>;

export function unboundSelectorCaches(document: Document): void {
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === "impl");
  // Both instances are made on first use: one for style matching, one for querySelector and matches.
  getComputedStyle(document.documentElement);
  document.querySelector("html");
  const impl = implSymbol
    ? (document as unknown as Record<symbol, Record<string, Nwsapi | undefined>>)[implSymbol]
    : undefined;
  for (const instance of [impl?._nwsapiDontThrow, impl?._nwsapi]) {
    for (const name of CACHES) {
      const cache = instance?.[name];
      if (!cache)
        throw new Error(`jsdom's nwsapi ${name} cache was not found: see tests/unit/support/selector-cache.ts`);
      const entries = new Map<string, unknown>();
      cache.get = (key: string) => entries.get(key);
      cache.has = (key: string) => entries.has(key);
      cache.set = (key: string, value: unknown) => {
        entries.set(key, value);
        return value;
      };
      cache.clear = () => entries.clear();
      cache.size = () => entries.size;
    }
  }
}

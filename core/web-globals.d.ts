/**
 * The web APIs core/ uses that both runtimes have (Node 20 and the dashboard's browsers),
 * declared here because core/ compiles with neither the DOM's nor Node's types (core/tsconfig.json).
 * Only what core/ calls: anything more is a sign the code belongs on one side.
 */
declare class URLSearchParams {
  constructor(init?: string);
  set(name: string, value: string): void;
  toString(): string;
}

declare class TextDecoder {
  decode(input?: Uint8Array): string;
}

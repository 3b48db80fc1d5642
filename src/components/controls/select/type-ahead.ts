import { type OptionValue, optionText, type SelectOption, TYPE_AHEAD_RESET_MS } from "./select-options";

/**
 * Type-ahead on a list: letters typed within 350 ms of each other search together
 * ('ge' finds Germany); a longer pause starts a new search.
 */
export class TypeAhead {
  private buffer = "";
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly resetMs: number = TYPE_AHEAD_RESET_MS) {}

  /** Adds a typed character at time `now` (ms) and returns the search text so far. */
  push(char: string, now: number): string {
    this.buffer = now - this.last > this.resetMs ? char : this.buffer + char;
    this.last = now;
    return this.buffer;
  }

  reset(): void {
    this.buffer = "";
    this.last = Number.NEGATIVE_INFINITY;
  }
}

/**
 * The option a type-ahead text points at: the first enabled option after `from` whose text
 * starts with it (case-insensitive), wrapping around; a repeated single letter cycles.
 */
export function findTypeAheadMatch<V extends OptionValue>(
  options: readonly SelectOption<V>[],
  search: string,
  from: number,
): number {
  const needle = search.toLocaleLowerCase("en-US");
  if (needle === "" || options.length === 0) return -1;
  const repeated = [...needle].every((c) => c === needle[0]);
  const text = repeated ? (needle[0] ?? "") : needle;
  // A longer search may still match the current option; a single letter moves on.
  const begin = text.length > 1 || !repeated ? from : from + 1;
  for (let i = 0; i < options.length; i += 1) {
    const index = (((begin + i) % options.length) + options.length) % options.length;
    const option = options[index];
    if (option && !option.disabled && optionText(option).toLocaleLowerCase("en-US").startsWith(text)) return index;
  }
  return -1;
}

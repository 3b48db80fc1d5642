/**
 * The first entries, by event index, of a list that a hostile document could make
 * millions long (errors and ignored sensor reports of an EPCIS capture), and how many
 * there were in all. Memory stays bounded at ten times the limit: past that the list is
 * sorted and cut back to the limit, which keeps exactly the first ones (the sort is
 * stable, so entries of one event keep the order they were found in).
 */
export class FirstEntries<T extends { eventIndex: number }> {
  private items: T[] = [];
  /** Every entry pushed, kept or not. */
  count = 0;

  constructor(readonly limit: number) {}

  push(entry: T): void {
    this.count++;
    this.items.push(entry);
    if (this.items.length >= this.limit * 10) this.cut();
  }

  /** Entries already cut to their first ones elsewhere, and how many there were before that cut. */
  addCut(entries: readonly T[], total: number): void {
    for (const entry of entries) this.push(entry);
    this.count += Math.max(0, total - entries.length);
  }

  /** The first `limit` entries, by event index. */
  list(): T[] {
    this.cut();
    return [...this.items];
  }

  private cut(): void {
    this.items.sort((a, b) => a.eventIndex - b.eventIndex);
    if (this.items.length > this.limit) this.items.length = this.limit;
  }
}

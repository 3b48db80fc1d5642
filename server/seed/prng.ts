/**
 * A small seeded pseudo-random generator, so the demo data is the same on every run
 * (Math.random cannot be seeded). Not for anything secret.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
}

/** mulberry32: 32 bits of state, fast, good enough for test data. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 15), z | 1);
      z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
      return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** A seed from a text, so independent streams ("ids", "reports") can be named. */
export function seedFrom(text: string): number {
  // FNV-1a
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Uniform in [min, max). */
export function range(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng.next();
}

/** Uniform integer in [min, max], both included. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor((max - min + 1) * rng.next());
}

export function chance(rng: Rng, probability: number): boolean {
  return rng.next() < probability;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("pick from an empty list");
  return items[Math.floor(rng.next() * items.length)] as T;
}

/** Picks by relative weight: weighted(rng, [["ended", 8], ["recording", 1]]). */
export function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = rng.next() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new RangeError("weighted pick from an empty list");
  return last[0];
}

/** Normal distribution (Box–Muller). */
export function gaussian(rng: Rng, mean = 0, sd = 1): number {
  // 1 - next() is in (0, 1], so the logarithm is finite.
  const u = 1 - rng.next();
  const v = rng.next();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function hex(rng: Rng, digits: number): string {
  let out = "";
  for (let i = 0; i < digits; i++) out += Math.floor(rng.next() * 16).toString(16);
  return out;
}

/** A version-4-shaped UUID from the generator, so demo ids are stable across runs. */
export function uuid(rng: Rng): string {
  const h = hex(rng, 32).split("");
  h[12] = "4";
  h[16] = "89ab"[Math.floor(rng.next() * 4)] ?? "8";
  const s = h.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

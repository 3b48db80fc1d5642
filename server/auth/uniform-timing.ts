import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Answers that tell whether an account exists (exists look-ups, sign-up) take at least
 * floorMs plus up to a quarter of it at random, whatever work they did, so their
 * timing says nothing the rate limit does not already allow.
 */
export async function afterFloor<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const wait = async () => {
    const jitter = floorMs > 0 ? randomInt(0, Math.floor(floorMs / 4) + 1) : 0;
    const until = started + floorMs + jitter;
    // Timers may fire a fraction of a millisecond early: wait again until truly past.
    for (let left = until - performance.now(); left > 0; left = until - performance.now()) await sleep(Math.ceil(left));
  };
  try {
    const result = await work();
    await wait();
    return result;
  } catch (e) {
    await wait();
    throw e;
  }
}

/**
 * The trim window and the range slider (timestamp mode, milliseconds) over a report's
 * first..last reading. A handle resting on an end of the readings means "no bound
 * there", so a window covering everything is the untrimmed report (nulls), and the
 * slider never invents a bound the user did not set.
 */

export interface TrimScale {
  /** Epoch ms of the first and last reading. */
  min: number;
  max: number;
  /** The logging interval in ms: a handle moves reading by reading. */
  step: number;
}

export interface TrimWindow {
  /** ISO 8601, or null for "from the first reading" / "to the last reading". */
  start: string | null;
  end: string | null;
}

export const UNTRIMMED: TrimWindow = { start: null, end: null };

/** The slider's scale; null when the report has fewer than two readings (nothing to trim). */
export function trimScale(first: string | null, last: string | null, intervalMinutes: number): TrimScale | null {
  if (!first || !last) return null;
  const min = Date.parse(first);
  const max = Date.parse(last);
  if (!Number.isFinite(min) || !Number.isFinite(max) || max <= min) return null;
  const step = Math.max(1, Math.min(intervalMinutes * 60_000, max - min));
  return { min, max, step };
}

const clamp = (value: number, { min, max }: TrimScale) => Math.min(max, Math.max(min, value));

/** The handles for a stored window: a missing bound sits on its end of the readings. */
export function windowToSlider(window: TrimWindow, scale: TrimScale): [number, number] {
  const low = window.start === null ? scale.min : clamp(Date.parse(window.start), scale);
  const high = window.end === null ? scale.max : clamp(Date.parse(window.end), scale);
  return low < high ? [low, high] : [scale.min, scale.max];
}

/** The window the handles stand for: a handle on an end is no bound. */
export function sliderToWindow([low, high]: readonly [number, number], scale: TrimScale): TrimWindow {
  return {
    start: low <= scale.min ? null : new Date(low).toISOString(),
    end: high >= scale.max ? null : new Date(high).toISOString(),
  };
}

export function isTrimmed(window: TrimWindow): boolean {
  return window.start !== null || window.end !== null;
}

/** Same window, compared by instant (the server answers ISO text with its own precision). */
export function sameWindow(a: TrimWindow, b: TrimWindow): boolean {
  const ms = (v: string | null) => (v === null ? null : Date.parse(v));
  return ms(a.start) === ms(b.start) && ms(a.end) === ms(b.end);
}

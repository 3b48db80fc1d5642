/**
 * "12 min ago": how long ago something happened, in the coarsest unit that still tells
 * a label that is merely between readings from one that went quiet.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function timeAgo(instant: string | number | Date, now: number): string {
  const elapsed = now - new Date(instant).getTime();
  // A clock a little ahead of ours is still "just now", not "in 2 min".
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? "1 day ago" : `${days} days ago`;
}

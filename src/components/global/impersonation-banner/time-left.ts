/** "59 min left", "1 min 05 s left", "ended": the impersonation's remaining time for people. */
export function timeLeftText(expiry: number, now: number): string {
  const seconds = Math.max(0, Math.floor((expiry - now) / 1000));
  if (seconds === 0) return "ended";
  const minutes = Math.floor(seconds / 60);
  if (minutes >= 60) {
    const hours = Math.floor(minutes / 60);
    return `${hours} h ${String(minutes % 60).padStart(2, "0")} min left`;
  }
  if (minutes >= 5) return `${minutes} min left`;
  return `${minutes} min ${String(seconds % 60).padStart(2, "0")} s left`;
}

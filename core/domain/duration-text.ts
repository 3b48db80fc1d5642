/** A duration as the screens write it: 0 -> '0 min', 190 -> '3 h 10 min', 1500 -> '1 d 1 h'. */
export function durationText(minutes: number): string {
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
  return mins ? `${hours} h ${mins} min` : `${hours} h`;
}

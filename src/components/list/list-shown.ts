/**
 * Whether a list has shown its first answer (rows or an error). The boot preview of the
 * label report list (src/resources/label-reports/first-paint) covers the dashboard until
 * then, and steps aside at that moment.
 */

let shown = false;
const listeners = new Set<() => void>();

export function markListShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

export function isListShown(): boolean {
  return shown;
}

export function subscribeListShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

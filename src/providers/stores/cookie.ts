/** The one place the dashboard writes cookies. */

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's `user` cookie; the Cookie Store API is not in every browser.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  if (typeof document === "undefined") return;
  // An expiry in the past removes a cookie in every DOM (happy-dom, the unit tests' DOM, keeps one given max-age=0).
  // biome-ignore lint/suspicious/noDocumentCookie: as writeCookie.
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

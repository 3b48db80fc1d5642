/**
 * Where the API lives. In order: `window.__APP_CONFIG__.apiUrl` from the runtime
 * `/config.js` (editable after the build), `VITE_API_URL` at build time, else `/api`
 * on the dashboard's own origin.
 */

declare global {
  interface Window {
    __APP_CONFIG__?: { apiUrl?: string };
  }
}

const DEFAULT_API_URL = "/api";

export function apiUrl(): string {
  const runtime = typeof window === "undefined" ? undefined : window.__APP_CONFIG__?.apiUrl;
  const url = runtime || import.meta.env.VITE_API_URL || DEFAULT_API_URL;
  return url.replace(/\/+$/, "");
}

/**
 * What a company API key may do (docs/api.md, API keys). A key holds one or more scopes:
 * - `read`: read the company's label reports, the way a warehouse system pulls results;
 * - `ingest`: what a gateway in the field needs: register a label on a shipment, send its
 *   readings and stop it. An ingest key reads no report: a gateway that leaks its key
 *   leaks no shipment data.
 * No scope reaches anything else (settings, people, presets, credentials).
 */
export const API_KEY_SCOPES = ["read", "ingest"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ["read"];

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** How the settings page names a scope. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "Read label reports",
  ingest: "Send readings (register, record and stop labels)",
};

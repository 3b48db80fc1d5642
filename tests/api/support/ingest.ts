import { newApiKey } from "../../../server/auth/api-keys";
import type { Db } from "../../../server/db/index";
import type { TestApp } from "./app";

/** An API key of the company with these scopes, stored as POST /api/api-keys stores one. */
export async function apiKeyOf(db: Db, companyId: string, scopes: string[]): Promise<string> {
  const { key, prefix, keyHash } = newApiKey();
  await db
    .insertInto("apiKeys")
    .values({ companyId, name: scopes.join("+"), prefix, keyHash, scopes })
    .execute();
  return key;
}

/** A label registered on a shipment by a gateway's ingest key (POST /api/label-reports). */
export async function registerLabel(t: TestApp, key: string, labelId: string, presetId: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/label-reports",
    headers: { "api-key": key },
    payload: { labelId, presetId, reference: `PO-${labelId}` },
  });
  if (res.statusCode !== 201) throw new Error(`register ${labelId}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; status: string };
}

export function sendReadings(t: TestApp, key: string | Record<string, string>, labelId: string, readings: unknown[]) {
  const headers = typeof key === "string" ? { "api-key": key } : key;
  return t.app.inject({ method: "POST", url: "/api/readings", headers, payload: { labelId, readings } });
}

/** Readings every `minutes` from `from`, temperature by index. */
export function series(from: string, count: number, minutes = 5, temperature = (i: number) => 5 + (i % 3)) {
  const start = Date.parse(from);
  return Array.from({ length: count }, (_, i) => ({
    time: new Date(start + i * minutes * 60_000).toISOString(),
    temperature: temperature(i),
    humidity: 50,
    battery: 90,
  }));
}

/** A gateway stopping a label (POST /api/label-reports/{id}/stop): `ended` when it ran its course. */
export async function stopLabel(t: TestApp, key: string, reportId: string, status: "stopped" | "ended" = "ended") {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/label-reports/${reportId}/stop`,
    headers: { "api-key": key },
    payload: { status },
  });
  if (res.statusCode !== 200) throw new Error(`stop ${reportId}: ${res.statusCode} ${res.body}`);
}

/** A label registered, sent these readings and ended by the gateway: a report with final data. */
export async function endedLabel(t: TestApp, key: string, labelId: string, presetId: string, readings: unknown[]) {
  const { id } = await registerLabel(t, key, labelId, presetId);
  const sent = await sendReadings(t, key, labelId, readings);
  if (sent.statusCode !== 200) throw new Error(`readings of ${labelId}: ${sent.statusCode} ${sent.body}`);
  await stopLabel(t, key, id);
  return id;
}

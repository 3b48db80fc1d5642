import { call, signIn } from "./api-client";
import { type Browsing, browseDuringStorm, type Latencies, stormRequest } from "./browsing";

/**
 * Hostile EPCIS captures from two ingest keys of one company (documents built to be
 * expensive: a 100 KB deviceID repeated over 2,500 reports, 95,000 reports of one label,
 * 10,000 readings of a label that does not exist, 300 bad events) while a person of a
 * second company asks for /api/health and list page 1. Their p99 must stay under the
 * budget. Bounded: `parallel` senders for `seconds`, a refused capture waits for its
 * Retry-After (at most a second), loopback only (the server process of run.ts).
 */

export const EPCIS_STORM_BUDGET_MS = 200;

export interface EpcisStormResult {
  seconds: number;
  storm: { parallel: number; accepted202: number; refused400: number; refused429: number; other: number };
  list: Latencies;
  health: Latencies;
  /** The same browsing without the storm first: the machine's own figures. */
  baseline: Browsing;
  ok: boolean;
}

const FROM = Date.parse("2026-01-01T00:00:00Z");
const at = (minute: number) => new Date(FROM + minute * 60_000).toISOString();

function documentOf(events: { deviceID: string; reports: object[] }[]): string {
  return JSON.stringify({
    type: "EPCISDocument",
    schemaVersion: "2.0",
    epcisBody: {
      eventList: events.map((e) => ({
        type: "ObjectEvent",
        eventTime: at(0),
        action: "OBSERVE",
        sensorElementList: [{ sensorMetadata: { deviceID: e.deviceID }, sensorReport: e.reports }],
      })),
    },
  });
}

const temperature = (minute: number, value = 5, uom = "CEL") => ({ type: "Temperature", value, uom, time: at(minute) });

/** The hostile documents, built once (the client's own work is not what is measured). */
function hostileDocuments(): string[] {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  return [
    documentOf([
      { deviceID: `urn:epc:id:giai:4000001.${"X".repeat(100_000)}`, reports: range(2_500).map((i) => temperature(i)) },
    ]),
    documentOf([{ deviceID: "urn:epc:id:giai:4000001.STORM-95K", reports: range(95_000).map((i) => temperature(i)) }]),
    documentOf([
      { deviceID: "urn:epc:id:giai:4000001.STORM-NOBODY", reports: range(10_000).map((i) => temperature(i)) },
    ]),
    documentOf(
      range(300).map((i) => ({ deviceID: "urn:epc:id:giai:4000001.STORM-BAD", reports: [temperature(i, 5, "XYZ")] })),
    ),
  ];
}

async function ingestKey(baseUrl: string, headers: Record<string, string>, name: string): Promise<string> {
  const created = await call(baseUrl, headers, "POST", "/api/api-keys", { name, scopes: ["ingest"] });
  if (created.status !== 201) throw new Error(`Creating an ingest key: HTTP ${created.status} ${created.body}`);
  return (JSON.parse(created.body) as { key: string }).key;
}

export async function epcisStorm(options: {
  baseUrl: string;
  password: string;
  storm: { email: string; company: string };
  browser: { email: string; company: string };
  seconds: number;
  parallel?: number;
}): Promise<EpcisStormResult> {
  const { baseUrl, seconds } = options;
  const parallel = options.parallel ?? 4;
  const owner = await signIn(baseUrl, options.storm.email, options.password, options.storm.company);
  const keys = [
    await ingestKey(baseUrl, owner.headers, "resilience EPCIS storm 1"),
    await ingestKey(baseUrl, owner.headers, "resilience EPCIS storm 2"),
  ];
  const browser = await signIn(baseUrl, options.browser.email, options.password, options.browser.company);
  const documents = hostileDocuments();

  const storm = { parallel, accepted202: 0, refused400: 0, refused429: 0, other: 0 };
  const url = `${baseUrl}/api/epcis/capture`;
  const sender = async (n: number, until: number) => {
    const key = keys[n % keys.length] as string;
    for (let i = n; Date.now() < until; i++) {
      const headers = { "api-key": key, "content-type": "application/ld+json" };
      const answer = await stormRequest(url, { method: "POST", headers, body: documents[i % documents.length] }, 202);
      storm[answer === "ok" ? "accepted202" : answer]++;
    }
  };
  const { baseline, during } = await browseDuringStorm(baseUrl, browser.headers, seconds, (until) =>
    Array.from({ length: parallel }, (_, n) => sender(n, until)),
  );
  const { list, health } = during;
  return {
    seconds,
    storm,
    list,
    health,
    baseline,
    ok: health.p99Ms <= EPCIS_STORM_BUDGET_MS && health.failures === 0 && list.failures === 0 && storm.other === 0,
  };
}

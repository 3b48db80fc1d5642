/**
 * The label simulator behind `npm run simulate` (docs/operations.md, Simulator).
 * It talks to a running server only through the public API, as a gateway and the
 * dashboard would: signs in as a company administrator, creates an ingest key, registers
 * labels on a preset, sends one reading per label and tick on an accelerated clock (one
 * label drifting out of range) and, when stopped, stops the labels and revokes its key.
 * The clock and the stop signal are injected so a test can run a few ticks at once.
 */

import { randomBytes } from "node:crypto";

export interface Clock {
  now(): number;
  /** Resolves after `ms` or when `signal` aborts, whichever is first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
    }),
};

export interface SimulatorOptions {
  /** The server, e.g. http://localhost:3000. */
  baseUrl: string;
  /** How many labels to start (5). */
  labels?: number;
  /** Simulated time per real time (60: a 5-minute label interval every 5 s). */
  speed?: number;
  /**
   * How far back the simulated clock starts (12 h): readings may not be in the future, so
   * an accelerated clock starts in the past and runs at real speed once it catches up.
   */
  backfillMs?: number;
  /** Sign in as this person (the demo administrator by default)... */
  credentials?: { email: string; password: string; companyName?: string };
  /** ...or use this existing ingest key; then `presetId` is required (an ingest key reads no preset). */
  apiKey?: string;
  presetId?: string;
  /**
   * Attach the labels to the shipment with this reference (`shipmentReference` when each is
   * registered); signed in, a shipment of that reference is created when there is none.
   */
  shipmentReference?: string;
  /** Stop after this many ticks (tests); by default runs until `signal` aborts. */
  ticks?: number;
  signal?: AbortSignal;
  clock?: Clock;
  log?: (line: string) => void;
}

interface SimulatedLabel {
  labelId: string;
  reportId: string;
  drifting: boolean;
}

export interface SimulationResult {
  labels: SimulatedLabel[];
  ticks: number;
  readingsSent: number;
}

export const DEMO_ADMIN = { email: "admin@demo.example", password: "ColdChain-2026" };

/** The range assumed for a preset the simulator cannot read (API-key mode): the usual 2–8 °C. */
const ASSUMED_RANGE = { min: 2, max: 8 };

interface Preset {
  id: string;
  name: string;
  intervalMinutes: number;
  temperatureMin: number | null;
  temperatureMax: number | null;
}

class ApiError extends Error {}

/** The reading of label `index` at tick `tick`: the drifting one climbs past the maximum and stays above it. */
function simulatedReading(index: number, tick: number, range: { min: number; max: number }, drifting: boolean) {
  const mid = (range.min + range.max) / 2;
  const half = (range.max - range.min) / 2;
  const temperature = drifting
    ? Math.min(mid + tick * (half / 4), range.max + 4)
    : mid + half * 0.5 * Math.sin(tick / 3 + index);
  return {
    temperature: Math.round(temperature * 100) / 100,
    humidity: Math.round((50 + 5 * Math.sin(tick / 5 + index * 2)) * 10) / 10,
    battery: Math.max(5, 100 - Math.floor(tick / 12)),
  };
}

export async function runSimulation(options: SimulatorOptions): Promise<SimulationResult> {
  const base = options.baseUrl.replace(/\/+$/, "");
  const clock = options.clock ?? realClock;
  const log = options.log ?? (() => undefined);
  const count = options.labels ?? 5;
  const speed = options.speed ?? 60;

  async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!res.ok) throw new ApiError(`${method} ${path}: ${res.status} ${String(json.message ?? text)}`);
    return { json, headers: res.headers };
  }

  // 1. An ingest key and a preset.
  let roleHeaders: Record<string, string> | undefined;
  let createdKeyId: string | undefined;
  let ingestKey = options.apiKey;
  let preset: Preset;
  if (ingestKey) {
    if (!options.presetId)
      throw new Error("With an API key, name the preset (--preset <id>): an ingest key reads none");
    preset = {
      id: options.presetId,
      name: options.presetId,
      intervalMinutes: 5,
      temperatureMin: ASSUMED_RANGE.min,
      temperatureMax: ASSUMED_RANGE.max,
    };
  } else {
    const { email, password, companyName } = { companyName: undefined, ...(options.credentials ?? DEMO_ADMIN) };
    const auth = { "st-auth-mode": "header", rid: "emailpassword" };
    const signIn = await call("POST", "/auth/signin", auth, {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: password },
      ],
    });
    const accessToken = signIn.headers.get("st-access-token");
    if (signIn.json.status !== "OK" || !accessToken) throw new Error(`Could not sign in as ${email}`);
    const roles = (signIn.json.roles ?? []) as { type: string[]; company: { id: string; name: string } }[];
    const role =
      roles.find((r) => (companyName ? r.company.name === companyName : r.type.includes("administrator"))) ?? roles[0];
    if (!role) throw new Error(`${email} has no role in any company`);
    const token = await call(
      "POST",
      "/auth/token",
      { ...auth, authorization: `Bearer ${accessToken}` },
      {
        companyId: role.company.id,
      },
    );
    roleHeaders = { "api-key": String(token.json.secret), jwt: String(token.json.jwtToken) };
    const presets = (await call("GET", "/label-presets?pageSize=100", roleHeaders)).json.data as (Preset & {
      isArchived?: boolean;
    })[];
    const usable = presets.filter((p) => !p.isArchived && p.temperatureMin !== null && p.temperatureMax !== null);
    const chosen = options.presetId ? presets.find((p) => p.id === options.presetId) : usable[0];
    if (!chosen) throw new Error(`No usable preset in ${role.company.name}`);
    preset = chosen;
    const key = await call("POST", "/api-keys", roleHeaders, {
      name: `Simulator ${new Date(clock.now()).toISOString()}`,
      scopes: ["ingest"],
    });
    createdKeyId = String(key.json.id);
    ingestKey = String(key.json.key);
    log(`Signed in as ${email} (${role.company.name}); created an ingest key; preset "${preset.name}"`);
  }
  const ingest = { "api-key": ingestKey };
  const shipmentReference = options.shipmentReference?.trim() || undefined;
  if (shipmentReference && roleHeaders) {
    const query = `filter=${encodeURIComponent(`reference[eq]${shipmentReference}`)}`;
    const found = (await call("GET", `/shipments?${query}`, roleHeaders)).json.data as { reference: string }[];
    if (found.some((s) => s.reference.toLowerCase() === shipmentReference.toLowerCase()))
      log(`Attaching the labels to shipment ${shipmentReference}`);
    else {
      await call("POST", "/shipments", roleHeaders, {
        reference: shipmentReference,
        origin: "Basel",
        destination: "Oslo",
      });
      log(`Created shipment ${shipmentReference} for the labels`);
    }
  }
  const range = {
    min: preset.temperatureMin ?? ASSUMED_RANGE.min,
    max: preset.temperatureMax ?? ASSUMED_RANGE.max,
  };

  // 2. The labels.
  // Each run its own label ids: a label id names the newest report of that label.
  const run = randomBytes(3).toString("hex").toUpperCase();
  const labels: SimulatedLabel[] = [];
  for (let i = 0; i < count; i++) {
    const labelId = `SIM-${run}-${i + 1}`;
    const report = await call("POST", "/label-reports", ingest, {
      labelId,
      presetId: preset.id,
      reference: `SIM-${run}-${i + 1}`,
      origin: "Basel",
      destination: "Oslo",
      ...(shipmentReference ? { shipmentReference } : {}),
    });
    labels.push({ labelId, reportId: String(report.json.id), drifting: i === 0 });
  }
  log(
    `Started ${count} labels (${labels.map((l) => l.labelId).join(", ")}); ${labels[0]?.labelId} drifts out of range`,
  );

  // 3. One reading per label and tick, one label interval of simulated time per tick.
  const intervalMs = Math.max(1, preset.intervalMinutes) * 60_000;
  const tickMs = intervalMs / speed;
  let simulated = clock.now() - (options.backfillMs ?? 12 * 3_600_000);
  let ticks = 0;
  let readingsSent = 0;
  try {
    while (!options.signal?.aborted && (options.ticks === undefined || ticks < options.ticks)) {
      for (const [index, label] of labels.entries()) {
        const reading = {
          time: new Date(simulated).toISOString(),
          ...simulatedReading(index, ticks, range, label.drifting),
        };
        try {
          await call("POST", "/readings", ingest, { labelId: label.labelId, readings: [reading] });
          readingsSent++;
        } catch (error) {
          log(`${label.labelId}: ${(error as Error).message}`);
        }
      }
      ticks++;
      simulated += intervalMs;
      if (ticks % 10 === 0) log(`${ticks} ticks, simulated time ${new Date(simulated).toISOString()}`);
      // Caught up with real time: wait for it, a reading may not be in the future.
      await clock.sleep(Math.max(tickMs, simulated - clock.now()), options.signal);
    }
  } finally {
    // 4. Stop the labels and give up the key, also after Ctrl-C.
    for (const label of labels) {
      await call("POST", `/label-reports/${label.reportId}/stop`, ingest, { status: "stopped" }).catch((error) =>
        log(`Could not stop ${label.labelId}: ${(error as Error).message}`),
      );
    }
    if (createdKeyId && roleHeaders) {
      await call("DELETE", `/api-keys/${createdKeyId}`, roleHeaders).catch((error) =>
        log(`Could not revoke the simulator's key (revoke it in Settings > API keys): ${(error as Error).message}`),
      );
    }
    log(`Stopped ${labels.length} labels after ${ticks} ticks (${readingsSent} readings)`);
  }
  return { labels, ticks, readingsSent };
}

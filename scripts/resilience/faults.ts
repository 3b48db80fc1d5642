import pg from "pg";
import { call, refresh, signIn, signOut } from "./api-client";
import type { ManagedPostgres } from "./postgres";
import { type ServerProcess, startServer } from "./server-process";

/**
 * The fault runs: a server killed with SIGKILL in the middle of writes, the database
 * gone for a while, and two server instances sharing sessions.
 */

export const DEMO_ADMIN = "admin@demo.example";
export const DEMO_PASSWORD = "ColdChain-2026";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- kill -9 during writes

interface Write {
  kind: "preset" | "trim" | "invite";
  target: string;
  value: string;
  status: number | null;
}

export interface KillResult {
  attempted: number;
  acknowledged: number;
  /** Acknowledged writes not found after the restart: must be 0. */
  lost: number;
  /** Rows changed without their audit row, or audit rows without their change: must be 0. */
  halfWritten: number;
  /** Writes that died with the server (no answer): allowed to be present or absent. */
  unanswered: number;
  problems: string[];
}

export async function killDuringWrites(root: string, pgUrl: string, port: number): Promise<KillResult> {
  let server = await startServer(root, { port, databaseUrl: pgUrl });
  const session = await signIn(server.baseUrl, DEMO_ADMIN, DEMO_PASSWORD, "Meridian Pharma GmbH");
  const presets = JSON.parse(
    (await call(server.baseUrl, session.headers, "GET", "/api/label-presets?pageSize=10")).body,
  ) as { data: { id: string }[] };
  const reports = JSON.parse(
    (await call(server.baseUrl, session.headers, "GET", "/api/label-reports?pageSize=10")).body,
  ) as { data: { id: string }[] };
  const presetIds = presets.data.map((p) => p.id).slice(0, 5);
  const reportIds = reports.data.map((r) => r.id).slice(0, 5);
  if (presetIds.length === 0 || reportIds.length === 0) throw new Error("No presets or reports to write to");

  const writes: Write[] = [];
  const run = `${Date.now().toString(36)}`;
  let seq = 0;
  let stop = false;
  const worker = async (n: number) => {
    while (!stop) {
      const i = seq++;
      const kind = (["preset", "trim", "invite"] as const)[(i + n) % 3] as Write["kind"];
      let write: Write;
      let request: Promise<{ status: number }>;
      if (kind === "preset") {
        const target = presetIds[i % presetIds.length] as string;
        write = { kind, target, value: `burst-${run}-${i}`, status: null };
        request = call(server.baseUrl, session.headers, "PATCH", `/api/label-presets/${target}`, {
          description: write.value,
        });
      } else if (kind === "trim") {
        const target = reportIds[i % reportIds.length] as string;
        const start = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
        write = { kind, target, value: start, status: null };
        request = call(server.baseUrl, session.headers, "POST", `/api/label-reports/${target}/trim`, {
          start,
          end: new Date(Date.UTC(2030, 0, 1)).toISOString(),
          reason: `resilience ${run}`,
        });
      } else {
        const email = `burst-${run}-${i}@resilience.example`;
        write = { kind, target: email, value: email, status: null };
        request = call(server.baseUrl, session.headers, "POST", "/api/user-invites", { email, roles: ["user"] });
      }
      writes.push(write);
      try {
        write.status = (await request).status;
      } catch {
        // The server died with this write in flight.
        return;
      }
    }
  };
  const workers = Array.from({ length: 8 }, (_, n) => worker(n));
  await sleep(Number(process.env.RESILIENCE_BURST_MS ?? 2500));
  await server.kill9();
  stop = true;
  await Promise.all(workers);

  server = await startServer(root, { port, databaseUrl: pgUrl });
  await server.stop();

  const db = new pg.Client({ connectionString: pgUrl });
  await db.connect();
  const problems: string[] = [];
  let lost = 0;
  let halfWritten = 0;
  try {
    const acked = writes.filter((w) => w.status !== null && w.status >= 200 && w.status < 300);
    const refused = writes.filter((w) => w.status !== null && (w.status < 200 || w.status >= 300));
    for (const w of refused.slice(0, 3)) problems.push(`refused write ${w.kind} ${w.target}: HTTP ${w.status}`);

    const audits = (
      await db.query<{ entity: string; entity_id: string; action: string; after: Record<string, unknown> }>(
        "select entity, entity_id, action, after from audit_log where entity in ('labelPreset','labelReport','userInvite') order by id",
      )
    ).rows;
    const presetAudits = audits.filter(
      (a) => a.entity === "labelPreset" && String(a.after?.description ?? "").startsWith(`burst-${run}`),
    );
    const trimAudits = audits.filter((a) => a.entity === "labelReport" && a.action === "trim");
    const inviteRows = (
      await db.query<{ id: string; email: string }>("select id, email from invites where email like $1", [
        `burst-${run}-%`,
      ])
    ).rows;
    const inviteAudits = new Set(audits.filter((a) => a.entity === "userInvite").map((a) => a.entity_id));

    // Every acknowledged write is there.
    for (const w of acked) {
      const present =
        w.kind === "preset"
          ? presetAudits.some((a) => a.entity_id === w.target && a.after.description === w.value)
          : w.kind === "trim"
            ? trimAudits.some((a) => a.entity_id === w.target && a.after.trimStart === w.value)
            : inviteRows.some((r) => r.email === w.value);
      if (!present) {
        lost++;
        problems.push(`lost: ${w.kind} ${w.target} ${w.value}`);
      }
    }
    // Each row's state is its last audit row's "after" (no change without its audit row, nor the reverse).
    for (const id of presetIds) {
      const row = (await db.query("select description from label_presets where id = $1", [id])).rows[0];
      const last = presetAudits.filter((a) => a.entity_id === id).at(-1);
      if (last && row?.description !== last.after.description) {
        halfWritten++;
        problems.push(
          `preset ${id}: description '${row?.description}' but last audit says '${last.after.description}'`,
        );
      }
      if (!last && String(row?.description ?? "").startsWith(`burst-${run}`)) {
        halfWritten++;
        problems.push(`preset ${id} changed without an audit row`);
      }
    }
    for (const id of reportIds) {
      const row = (await db.query("select trim_start from label_reports where id = $1", [id])).rows[0];
      const last = trimAudits.filter((a) => a.entity_id === id).at(-1);
      const stored = row?.trim_start ? new Date(row.trim_start).toISOString() : null;
      if (last && stored !== last.after.trimStart) {
        halfWritten++;
        problems.push(`report ${id}: trim ${stored} but last audit says ${String(last.after.trimStart)}`);
      }
    }
    for (const invite of inviteRows) {
      if (!inviteAudits.has(invite.id)) {
        halfWritten++;
        problems.push(`invite ${invite.email} without its audit row`);
      }
    }
    return {
      attempted: writes.length,
      acknowledged: acked.length,
      lost,
      halfWritten,
      unanswered: writes.filter((w) => w.status === null).length,
      problems,
    };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------- database outage

export interface OutageResult {
  outageSeconds: number;
  requests: number;
  /** Answers during the outage, by status. */
  statusesDuringOutage: Record<string, number>;
  /** 503 answers whose body is the JSON message. */
  clear503: number;
  /** Answers that were neither 2xx nor a clear 503 (a 500, a hang, a dropped connection). */
  bad: number;
  serverStayedUp: boolean;
  /** From the database being back to the first 200. */
  recoveryMs: number | null;
  message: string | null;
}

export async function databaseOutage(
  root: string,
  postgres: ManagedPostgres,
  port: number,
  { processes = 1, outageSeconds = Number(process.env.RESILIENCE_OUTAGE_SECONDS ?? 10) } = {},
): Promise<OutageResult> {
  const server = await startServer(root, { port, databaseUrl: postgres.url, processes });
  try {
    const session = await signIn(server.baseUrl, DEMO_ADMIN, DEMO_PASSWORD, "Meridian Pharma GmbH");
    const statuses: Record<string, number> = {};
    let requests = 0;
    let clear503 = 0;
    let bad = 0;
    let message: string | null = null;
    let phase: "before" | "down" | "back" = "before";
    let backAt = 0;
    let recoveryMs: number | null = null;
    let stop = false;

    // Light load: three clients, one request every 100 ms each, with a 15 s client timeout.
    const client = async (n: number) => {
      while (!stop) {
        const path = n === 0 ? "/api/label-reports?pageSize=25" : n === 1 ? "/api/label-presets" : "/api/health";
        const sentIn = phase;
        try {
          const res = await fetch(`${server.baseUrl}${path}`, {
            headers: session.headers,
            signal: AbortSignal.timeout(15_000),
          });
          const text = await res.text();
          requests++;
          if (sentIn === "down") {
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status === 503) {
              try {
                const body = JSON.parse(text) as { message?: string };
                if (body.message) {
                  clear503++;
                  message = body.message;
                }
              } catch {
                bad++;
              }
            } else if (res.status !== 200) bad++;
          }
          if (phase === "back" && res.status === 200 && recoveryMs === null) recoveryMs = Date.now() - backAt;
          if (phase === "back" && res.status >= 500 && recoveryMs !== null) bad++;
        } catch {
          requests++;
          if (phase !== "before") bad++;
          statuses.noAnswer = (statuses.noAnswer ?? 0) + 1;
        }
        await sleep(100);
      }
    };
    const clients = [0, 1, 2].map(client);
    await sleep(1000);
    phase = "down";
    postgres.pause();
    await sleep(outageSeconds * 1000);
    postgres.resume();
    backAt = Date.now();
    phase = "back";
    const deadline = Date.now() + 60_000;
    while (recoveryMs === null && Date.now() < deadline) await sleep(100);
    await sleep(1000);
    stop = true;
    await Promise.all(clients);
    return {
      outageSeconds,
      requests,
      statusesDuringOutage: statuses,
      clear503,
      bad,
      serverStayedUp: server.alive(),
      recoveryMs,
      message,
    };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- two instances

export interface TwoInstancesResult {
  sessionWorksOnOther: boolean;
  refreshOnOther: boolean;
  signOutHonoured: boolean;
  details: Record<string, number>;
}

export async function twoInstances(root: string, pgUrl: string, ports: [number, number]): Promise<TwoInstancesResult> {
  const servers: ServerProcess[] = [];
  try {
    servers.push(await startServer(root, { port: ports[0], databaseUrl: pgUrl }));
    servers.push(await startServer(root, { port: ports[1], databaseUrl: pgUrl }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const session = await signIn(a.baseUrl, DEMO_ADMIN, DEMO_PASSWORD, "Meridian Pharma GmbH");
    const listOnB = await call(b.baseUrl, session.headers, "GET", "/api/label-reports?pageSize=5");
    const refreshOnB = await refresh(b.baseUrl, session.refreshToken);
    const signOutOnA = await signOut(a.baseUrl, session.accessToken);
    const listOnBAfter = await call(b.baseUrl, session.headers, "GET", "/api/label-reports?pageSize=5");
    const tokenOnBAfter = await fetch(`${b.baseUrl}/api/auth/token`, {
      method: "POST",
      headers: {
        "st-auth-mode": "header",
        rid: "session",
        "content-type": "application/json",
        authorization: `Bearer ${session.accessToken}`,
      },
      body: JSON.stringify({ companyId: session.companyId }),
    });
    await tokenOnBAfter.text();
    const details = {
      listOnB: listOnB.status,
      refreshOnB: refreshOnB,
      signOutOnA,
      listOnBAfterSignOut: listOnBAfter.status,
      roleTokenOnBAfterSignOut: tokenOnBAfter.status,
    };
    return {
      sessionWorksOnOther: listOnB.status === 200,
      refreshOnOther: refreshOnB === 200,
      signOutHonoured: [401, 440].includes(listOnBAfter.status) && [401, 440].includes(tokenOnBAfter.status),
      details,
    };
  } finally {
    for (const s of servers) await s.stop();
  }
}

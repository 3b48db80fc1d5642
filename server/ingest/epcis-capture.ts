import { setImmediate as nextTurn } from "node:timers/promises";
import type { EpcisCaptureJob } from "../../core/api/epcis-capture-job";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { HttpError } from "../errors";
import type { AlertLinks } from "../notifications/enqueue-alerts";
import { type EpcisCaptureError, type EpcisMapping, type LabelBatch, MAX_LISTED } from "./epcis";
import { FirstEntries } from "./first-entries";
import { ingestReadings } from "./ingest-readings";

/** A capture job as GET /api/epcis/capture/{id} shows it. */
export type CaptureJobView = EpcisCaptureJob;

export async function createCaptureJob(db: Db, principal: Principal, eventCount: number): Promise<string> {
  const row = await db
    .insertInto("epcisCaptureJobs")
    .values({
      companyId: principal.companyId,
      apiKeyId: principal.apiKeyId ?? null,
      eventCount,
      errors: "[]",
      ignored: "[]",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Why a label's batch was refused, as errors of the events it came from. */
function errorsOfRefusedBatch(
  batch: LabelBatch,
  error: unknown,
  eventIdOf: (i: number) => string | undefined,
  errors: FirstEntries<EpcisCaptureError>,
): void {
  const push = (eventIndex: number, type: EpcisCaptureError["type"], title: string) => {
    const eventID = eventIdOf(eventIndex);
    errors.push({ eventIndex, ...(eventID === undefined ? {} : { eventID }), type, title });
  };
  if (error instanceof HttpError && error.statusCode === 404) {
    // Unknown and another company's label read the same: nothing tells one from the other.
    for (const i of batch.events) push(i, "ValidationException", `No label ${batch.labelId} in your company`);
  } else if (error instanceof HttpError && error.statusCode === 400) {
    const named = new Map<number, Set<string>>();
    for (const field of error.formFields ?? []) {
      const index = Number(/^readings\.(\d+)/.exec(field.id)?.[1]);
      const eventIndex = batch.eventIndexes[index];
      if (eventIndex === undefined) continue;
      named.set(eventIndex, (named.get(eventIndex) ?? new Set()).add(field.error));
    }
    for (const i of batch.events) {
      const why = named.get(i);
      push(
        i,
        "ValidationException",
        why
          ? `Label ${batch.labelId}: a reading ${[...why].join("; ")}`
          : `Not stored: label ${batch.labelId}'s readings are stored all or nothing (${error.message})`,
      );
    }
  } else {
    for (const i of batch.events) push(i, "ImplementationException", `Label ${batch.labelId}: could not be stored`);
  }
}

/**
 * Stores each label's readings through ingestReadings (one transaction a label: dedupe,
 * start of recording and summary as for POST /api/readings) and writes the outcome into
 * the job. A label refused (unknown, another company's, readings after its stop) is an
 * error of its events; the other labels are stored. Each label is its own transaction,
 * with a turn of the event loop between labels, so a document of 10,000 labels does not
 * hold up other requests; the job keeps the first MAX_LISTED errors and a count.
 */
export async function runCaptureJob(
  db: Db,
  principal: Principal,
  jobId: string,
  mapping: EpcisMapping,
  eventIdOf: (eventIndex: number) => string | undefined,
  logError: (error: unknown) => void,
  links?: AlertLinks,
): Promise<void> {
  const errors = new FirstEntries<EpcisCaptureError>(MAX_LISTED);
  errors.addCut(mapping.errors, mapping.errorCount);
  let accepted = 0;
  let duplicates = 0;
  for (const batch of mapping.batches) {
    await nextTurn();
    try {
      const result = await ingestReadings(db, principal, batch.labelId, batch.readings, links);
      accepted += result.accepted;
      duplicates += result.duplicates;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) logError(error);
      errorsOfRefusedBatch(batch, error, eventIdOf, errors);
    }
  }
  await db
    .updateTable("epcisCaptureJobs")
    .set({
      running: false,
      success: errors.count === 0,
      finishedAt: new Date(),
      accepted,
      duplicates,
      errors: JSON.stringify(errors.list()),
      errorCount: errors.count,
      ignored: JSON.stringify(mapping.ignored),
      ignoredCount: mapping.ignoredCount,
    })
    .where("id", "=", jobId)
    .execute();
}

/** Longer than the largest document takes to store (10,000 events, a few seconds on PostgreSQL). */
const CAPTURE_JOB_STALE_MS = 15 * 60_000;

export async function captureJobView(
  db: Db,
  companyId: string,
  jobId: string,
  now = Date.now(),
): Promise<CaptureJobView | undefined> {
  const row = await db
    .selectFrom("epcisCaptureJobs")
    .selectAll()
    .where("id", "=", jobId)
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  // PGlite and node-postgres both hand jsonb back parsed; a string would be a driver that does not.
  const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
  // A server that stopped mid-job (crash, kill -9) never finishes it: after this long it is not running.
  const interrupted = row.running && now - new Date(row.createdAt).getTime() > CAPTURE_JOB_STALE_MS;
  const errors = json(row.errors);
  // Jobs stored before the counts (migration 0026) have 0 there and every entry listed.
  let errorCount = Math.max(row.errorCount, errors.length);
  const ignored = json(row.ignored);
  if (interrupted) {
    errorCount++;
    errors.push({
      eventIndex: 0,
      type: "ImplementationException",
      title:
        "The capture was interrupted (the server stopped); send the document again: re-sent readings are duplicates",
    });
  }
  return {
    captureID: row.id,
    running: row.running && !interrupted,
    success: interrupted ? false : row.success,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt).toISOString(),
    eventCount: row.eventCount,
    accepted: row.accepted,
    duplicates: row.duplicates,
    errors,
    errorCount,
    ignored,
    ignoredCount: Math.max(row.ignoredCount, ignored.length),
  };
}

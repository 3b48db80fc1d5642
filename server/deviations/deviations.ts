import { createHash } from "node:crypto";
import type { DeviationChanges, DeviationInput } from "../../core/api/deviation";
import { alarmTitle } from "../../core/domain/alarms";
import {
  canEditDeviation,
  closingErrors,
  DEVIATION_CLOSING_MEANING,
  type DeviationState,
  deviationContentText,
  deviationNumber,
  releaseRefusal,
} from "../../core/domain/deviations";
import { acknowledgeAlarms, closeAlarms } from "../alarms/alarm-state";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import { deviationAlarmIds, lockDeviation, nextDeviationSeq, releaseBlockersOf } from "../db/deviations";
import type { Db } from "../db/index";
import { badRequest, HttpError } from "../errors";
import { reportNotFound } from "../reports/requested-report";
import { enqueueReportWebhookEvent } from "../webhooks/enqueue";

/**
 * A deviation's life, in one place: opening one on a report's alarms, editing it, moving it
 * under investigation, and closing it with a signature, which closes the alarms it covers.
 * Every change is an entry of the report's trail (so it shows on the trail screen and in
 * the PDF) naming the deviation; the deviation's own history is those entries.
 */

/** The written fields, as a person edits them. */
const WRITTEN = ["title", "description", "rootCause", "productImpact", "capaReference"] as const;

const trimmed = (value: string | undefined) => (value === undefined ? undefined : value.trim());

/** The alarm ids, checked to be alarms of the report: 400 naming `alarmIds` otherwise. */
async function checkedAlarmIds(trx: Db, reportId: string, alarmIds: readonly string[]): Promise<string[]> {
  if (alarmIds.length === 0) return [];
  const found = await trx
    .selectFrom("alarms")
    .select("id")
    .where("reportId", "=", reportId)
    .where("id", "in", [...alarmIds])
    .execute();
  const missing = alarmIds.filter((id) => !found.some((alarm) => alarm.id === id));
  if (missing.length > 0) {
    const error = `Not an alarm of the deviation's report: ${missing.join(", ")}`;
    throw badRequest(error, [{ id: "alarmIds", error }]);
  }
  return [...alarmIds].sort();
}

async function setAlarms(trx: Db, deviationId: string, alarmIds: readonly string[]) {
  await trx.deleteFrom("deviationAlarms").where("deviationId", "=", deviationId).execute();
  if (alarmIds.length > 0)
    await trx
      .insertInto("deviationAlarms")
      .values(alarmIds.map((alarmId) => ({ deviationId, alarmId })))
      .execute();
}

/** Opens a deviation on a report of the caller's companies; answers its id. */
export async function openDeviation(trx: Db, principal: Principal, input: DeviationInput): Promise<string> {
  const report = await trx
    .selectFrom("labelReports")
    .select(["id", "companyId"])
    .where("id", "=", input.reportId)
    .where("companyId", "in", principal.companyScope)
    .executeTakeFirst();
  if (!report) throw reportNotFound();
  const alarmIds = await checkedAlarmIds(trx, report.id, input.alarmIds ?? []);
  const year = new Date().getUTCFullYear();
  const seq = await nextDeviationSeq(trx, report.companyId, year);
  const number = deviationNumber(year, seq);
  const fields = {
    title: input.title.trim(),
    description: trimmed(input.description) ?? "",
    rootCause: trimmed(input.rootCause) ?? "",
    productImpact: trimmed(input.productImpact) ?? "",
    capaReference: trimmed(input.capaReference) ?? "",
  };
  const { id } = await trx
    .insertInto("deviations")
    .values({
      ...fields,
      companyId: report.companyId,
      reportId: report.id,
      year,
      seq,
      number,
      openedBy: principal.apiKeyId ? null : principal.userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await setAlarms(trx, id, alarmIds);
  await recordAudit(trx, principal, {
    action: "deviationOpen",
    entity: "labelReport",
    entityId: report.id,
    before: null,
    // What was written, without the empty texts still to fill in.
    after: {
      deviationId: id,
      deviation: number,
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== "")),
      state: "open",
      alarms: alarmIds.length,
    },
  });
  return id;
}

/** Changes an open or investigated deviation: 409 once it is closed. */
export async function changeDeviation(trx: Db, principal: Principal, id: string, changes: DeviationChanges) {
  const before = await lockDeviation(trx, id);
  if (!before) throw new Error(`deviation ${id} vanished`);
  if (!canEditDeviation(before.state)) throw new HttpError(409, "A closed deviation cannot be changed");
  const set: Partial<Record<(typeof WRITTEN)[number], string> & { state: DeviationState }> = {};
  for (const field of WRITTEN) {
    const value = trimmed(changes[field]);
    if (value !== undefined && value !== before[field]) set[field] = value;
  }
  if (changes.state !== undefined && changes.state !== before.state) set.state = changes.state;
  const beforeAlarms = await deviationAlarmIds(trx, id);
  const afterAlarms = changes.alarmIds ? await checkedAlarmIds(trx, before.reportId, changes.alarmIds) : beforeAlarms;
  const alarmsChanged = JSON.stringify(beforeAlarms) !== JSON.stringify(afterAlarms);
  if (Object.keys(set).length === 0 && !alarmsChanged) return;
  if (Object.keys(set).length > 0)
    await trx
      .updateTable("deviations")
      .set({ ...set, updated: new Date() })
      .where("id", "=", id)
      .execute();
  if (alarmsChanged) await setAlarms(trx, id, afterAlarms);
  const changedKeys = Object.keys(set) as (keyof typeof set)[];
  await recordAudit(trx, principal, {
    action: "deviationChange",
    entity: "labelReport",
    entityId: before.reportId,
    before: {
      deviationId: id,
      deviation: before.number,
      ...Object.fromEntries(changedKeys.map((key) => [key, before[key]])),
      ...(alarmsChanged ? { alarms: beforeAlarms.length } : {}),
    },
    after: {
      deviationId: id,
      deviation: before.number,
      ...set,
      ...(alarmsChanged ? { alarms: afterAlarms.length } : {}),
    },
  });
}

/** The person who signs a closing, as the signature keeps them. */
export interface ClosingSigner {
  id: string;
  name: string;
  email: string;
}

/**
 * Closes a deviation with the signer's signature (they proved who they are before): 409
 * unless it is open or under investigation, 400 naming `rootCause` / `productImpact` while
 * they are empty. The signature keeps the SHA-256 of the deviation as signed. The alarms it
 * covers are closed with it (acknowledged first when nobody had), and a `deviation.closed`
 * webhook event is queued.
 */
export async function closeDeviation(
  trx: Db,
  principal: Principal,
  id: string,
  input: { signer: ClosingSigner; comment: string; publicUrl: string },
): Promise<void> {
  const deviation = await lockDeviation(trx, id);
  if (!deviation) throw new Error(`deviation ${id} vanished`);
  if (deviation.state === "closed") throw new HttpError(409, "The deviation is already closed");
  const errors = closingErrors(deviation);
  if (errors.length > 0) throw badRequest(errors.map((error) => error.error).join("; "), errors);
  const alarmIds = await deviationAlarmIds(trx, id);
  const contentHash = createHash("sha256")
    .update(
      deviationContentText({
        id,
        number: deviation.number,
        reportId: deviation.reportId,
        title: deviation.title,
        description: deviation.description,
        rootCause: deviation.rootCause,
        productImpact: deviation.productImpact,
        capaReference: deviation.capaReference,
        alarmIds,
      }),
    )
    .digest("hex");
  const closedAt = new Date();
  const { signer, comment, publicUrl } = input;
  await trx
    .updateTable("deviations")
    .set({
      state: "closed",
      closedAt,
      closedBy: signer.id,
      closedByName: signer.name,
      closedByEmail: signer.email,
      closingMeaning: DEVIATION_CLOSING_MEANING,
      closingComment: comment,
      closingHash: contentHash,
      updated: closedAt,
    })
    .where("id", "=", id)
    .execute();
  const closingReason = `Closed with deviation ${deviation.number}`;
  await acknowledgeAlarms(trx, alarmIds, principal, closingReason, publicUrl);
  await closeAlarms(trx, alarmIds, principal, closingReason);
  await recordAudit(trx, principal, {
    action: "deviationClose",
    entity: "labelReport",
    entityId: deviation.reportId,
    before: { deviationId: id, deviation: deviation.number, state: deviation.state },
    after: {
      deviationId: id,
      deviation: deviation.number,
      state: "closed",
      signedBy: signer.name,
      meaning: DEVIATION_CLOSING_MEANING,
      contentHash,
    },
    ...(comment ? { reason: comment } : {}),
  });
  await enqueueReportWebhookEvent(trx, {
    reportId: deviation.reportId,
    event: "deviation.closed",
    publicUrl,
    occurredAt: closedAt,
    data: {
      deviation: {
        id,
        number: deviation.number,
        title: deviation.title,
        rootCause: deviation.rootCause,
        productImpact: deviation.productImpact,
        capaReference: deviation.capaReference,
        closedBy: signer.name,
        closedAt: closedAt.toISOString(),
        contentHash,
      },
    },
  });
}

/**
 * The release gate, in the signing transaction: 409 naming the report's open alarms and
 * deviations (when `releasing`), unless `deviationId` is a closed deviation of the report
 * (400 naming `deviationId` when it is not). Answers the named deviation's id, or null.
 */
export async function checkRelease(
  trx: Db,
  reportId: string,
  deviationId: string | undefined,
  releasing: boolean,
): Promise<string | null> {
  if (deviationId !== undefined) {
    const linked = await trx
      .selectFrom("deviations")
      .select(["id", "state"])
      .where("id", "=", deviationId)
      .where("reportId", "=", reportId)
      .executeTakeFirst();
    if (!linked || linked.state !== "closed") {
      const error = linked ? "The deviation is not closed yet" : "Not a deviation of this report";
      throw badRequest(error, [{ id: "deviationId", error }]);
    }
    return linked.id;
  }
  if (!releasing) return null;
  const blockers = await releaseBlockersOf(trx, reportId);
  const refusal = releaseRefusal({
    openAlarms: blockers.alarms.map((alarm) => ({ id: alarm.id, title: alarmTitle(alarm) })),
    openDeviations: blockers.deviations,
  });
  if (refusal) throw new HttpError(409, refusal);
  return null;
}

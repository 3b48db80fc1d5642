import { auditActorLabel, personName } from "../../core/domain/audit-actor";
import type { Db } from "../db/index";
import { dispositionsOf, standingOf } from "./dispositions";
import { currentContentHash } from "./record-hash";
import type { RecordSigner } from "./record-signature";
import { labelReportRows } from "./report-list-query";
import { trimAuthor } from "./trim-author";

/**
 * One report of the caller's companies as its detail shows it (the list row plus its
 * window, rule and summary); undefined for a report of any other company. `forUpdate`
 * locks it for the rest of the transaction.
 */
export async function findReport(db: Db, companyScope: string[], id: string, forUpdate = false) {
  let query = labelReportRows(db, companyScope)
    .leftJoin("users as tu", "tu.id", "r.trimSetBy")
    .select([
      "r.intervalMinutes",
      "r.trimStart",
      "r.trimEnd",
      "r.trimReason",
      "r.trimSetAt",
      "tu.email as trimSetByEmail",
      "tu.firstName as trimSetByFirstName",
      "tu.lastName as trimSetByLastName",
      "r.trimSetBySupport",
      "r.updated",
      "r.summary",
      "r.rule",
      "r.presetVersion",
      "r.shipmentId",
    ])
    .where("r.id", "=", id);
  if (forUpdate) query = query.forUpdate("r");
  const row = await query.executeTakeFirst();
  if (!row) return row;
  const { trimSetByEmail, trimSetByFirstName, trimSetByLastName, trimSetBySupport, ...report } = row;
  const actor = { firstName: trimSetByFirstName, lastName: trimSetByLastName, email: trimSetByEmail };
  // Support acting for someone is named with the operator, as the trail keeps them (rare: one more read).
  const name = trimSetBySupport
    ? ((await trimAuthor(db, id))?.name ?? auditActorLabel(actor, true))
    : personName(actor);
  return {
    ...report,
    trimSetBy: trimSetByEmail && name ? { name, email: trimSetByEmail } : null,
  };
}

export type FoundReport = NonNullable<Awaited<ReturnType<typeof findReport>>>;

/**
 * A report as every route answering with one shows it: the list row's `disposition` (the
 * value in force) becomes the standing signature and its history, with the record's
 * current content hash and the server's signature of it, as the detail schema says.
 */
export async function detailOf<Row extends { id: string; labelId: string }>(db: Db, signer: RecordSigner, row: Row) {
  const history = await dispositionsOf(db, row.id);
  const contentHash = await currentContentHash(db, row.id);
  const contentSignature = await signer.sign({ reportId: row.id, labelId: row.labelId, contentHash });
  return { ...row, disposition: standingOf(history), dispositionHistory: history, contentHash, contentSignature };
}

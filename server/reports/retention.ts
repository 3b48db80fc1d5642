import { sql } from "kysely";
import type { Db } from "../db/index";

/**
 * The retention setting (RETENTION_YEARS, off by default): the one way a report with readings
 * or a signature is ever physically deleted. A report that ended more than that many years ago
 * goes with everything that hangs on it (readings, shocks, signatures, share links, issued
 * hashes) and its own audit trail; what remains is one `retentionPurge` entry on its company's
 * trail, naming the labels and the cut-off, written by the system. Recording reports and
 * reports without an end are kept. Runs in batches, each its own transaction, which declares
 * itself to the append-only triggers (migration 0037); parallel server processes skip each
 * other's locked rows.
 */

const BATCH = 100;
/** The purge entry names at most this many labels (a first run on old data can delete thousands). */
const LABELS_NAMED = 200;

export interface RetentionResult {
  reports: number;
}

function retentionCutoff(years: number, now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

export async function purgeExpiredReports(db: Db, years: number, now = new Date()): Promise<RetentionResult> {
  const cutoff = retentionCutoff(years, now);
  let total = 0;
  for (;;) {
    const purged = await db.transaction().execute(async (trx) => {
      await sql`select set_config('coldchain.retention', 'on', true)`.execute(trx);
      const rows = await trx
        .selectFrom("labelReports")
        .select(["id", "companyId", "labelId"])
        .where("endTime", "<", cutoff)
        .orderBy("endTime")
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.id);
      await trx.deleteFrom("auditLog").where("entity", "=", "labelReport").where("entityId", "in", ids).execute();
      await trx.deleteFrom("labelReports").where("id", "in", ids).execute();
      const byCompany = new Map<string, string[]>();
      for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.labelId]);
      for (const [companyId, labelIds] of byCompany)
        await trx
          .insertInto("auditLog")
          .values({
            actorUserId: null,
            impersonatorUserId: null,
            companyId,
            action: "retentionPurge",
            entity: "company",
            entityId: companyId,
            before: JSON.stringify({ reports: labelIds.length, labelIds: labelIds.slice(0, LABELS_NAMED) }),
            after: null,
            reason: `Retention: reports that ended before ${cutoff.toISOString()} (${years} years) are deleted`,
          })
          .execute();
      return rows.length;
    });
    total += purged;
    if (purged < BATCH) return { reports: total };
  }
}

import { type Insertable, sql } from "kysely";
import type { Db } from "./index";
import type { ImpersonationRequestsTable } from "./schema";

/** The trail of data requests made while impersonating (the control center's impersonation log). */

export async function insertImpersonationRequest(
  db: Db,
  request: Insertable<ImpersonationRequestsTable>,
): Promise<void> {
  await db.insertInto("impersonationRequests").values(request).execute();
}

/** One page of the trail, newest first, with the people and company named and the trail's total. */
export function impersonationRequestPage(db: Db, pageNumber: number, pageSize: number) {
  return db
    .selectFrom("impersonationRequests as r")
    .leftJoin("users as imp", "imp.id", "r.impersonatorUserId")
    .leftJoin("users as u", "u.id", "r.userId")
    .leftJoin("companies as c", "c.id", "r.companyId")
    .select([
      "r.id",
      "r.at",
      "imp.email as impersonatorEmail",
      "u.email as userEmail",
      "c.name as companyName",
      "r.method",
      "r.path",
      "r.statusCode",
      "r.durationMs",
    ])
    .select(sql<number>`count(*) over ()::int`.as("total"))
    .orderBy("r.at", "desc")
    .orderBy("r.id", "desc")
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
    .execute();
}

export async function countImpersonationRequests(db: Db): Promise<number> {
  const row = await db
    .selectFrom("impersonationRequests")
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

import type { Insertable } from "kysely";
import type { Db } from "./index";
import type { ShareLinkOpensTable, ShareLinksTable } from "./schema";

/**
 * Share links of reports and their opens (the listing with open counts is
 * listShareLinks in server/reports/share-links.ts).
 */

export async function insertShareLink(db: Db, link: Insertable<ShareLinksTable>): Promise<string> {
  const row = await db.insertInto("shareLinks").values(link).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** The link a token opens, by the token's hash. */
export function shareLinkByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("shareLinks")
    .select(["id", "reportId", "companyId", "expiresAt", "revokedAt"])
    .where("tokenHash", "=", tokenHash)
    .executeTakeFirst();
}

/** Whether the link belongs to the report. */
export async function isLinkOfReport(db: Db, reportId: string, linkId: string): Promise<boolean> {
  const row = await db
    .selectFrom("shareLinks")
    .select("id")
    .where("id", "=", linkId)
    .where("reportId", "=", reportId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A link of the report, locked until the transaction ends (a revocation in progress). */
export function lockLinkOfReport(db: Db, reportId: string, linkId: string) {
  return db
    .selectFrom("shareLinks")
    .select(["id", "revokedAt", "expiresAt"])
    .where("id", "=", linkId)
    .where("reportId", "=", reportId)
    .forUpdate()
    .executeTakeFirst();
}

export async function revokeShareLink(db: Db, id: string, revokedAt: Date, revokedBy: string): Promise<void> {
  await db.updateTable("shareLinks").set({ revokedAt, revokedBy }).where("id", "=", id).execute();
}

/**
 * Revokes the still-open links a person made of the reports of a company or of its
 * sub-companies (where a distributor administrator shares them), when the person is
 * removed from that company; answers the links revoked, for the audit trail.
 */
export function revokeShareLinksOfCreator(
  db: Db,
  creator: { userId: string; companyId: string },
  revokedAt: Date,
  revokedBy: string,
) {
  return db
    .updateTable("shareLinks")
    .set({ revokedAt, revokedBy })
    .where("createdBy", "=", creator.userId)
    .where("revokedAt", "is", null)
    .where((eb) =>
      eb.or([
        eb("companyId", "=", creator.companyId),
        eb("companyId", "in", eb.selectFrom("companies").select("id").where("parentId", "=", creator.companyId)),
      ]),
    )
    .returning(["id", "reportId", "companyId", "expiresAt"])
    .execute();
}

export async function insertShareLinkOpen(db: Db, open: Insertable<ShareLinkOpensTable>): Promise<void> {
  await db.insertInto("shareLinkOpens").values(open).execute();
}

/** The last thousand opens of a link, newest first. */
export function shareLinkOpens(db: Db, linkId: string) {
  return db
    .selectFrom("shareLinkOpens")
    .select(["openedAt", "address", "kind"])
    .where("linkId", "=", linkId)
    .orderBy("openedAt", "desc")
    .orderBy("id", "desc")
    .limit(1000)
    .execute();
}

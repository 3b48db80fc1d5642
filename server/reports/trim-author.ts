import { auditActorLabel, personName } from "../../core/domain/audit-actor";
import type { Db } from "../db/index";

/** Who set a report's evaluation window, as the trail kept them; the PDF and the overlay print it. */
export interface TrimAuthor {
  /** Who the customer sees (auditActorLabel: support acting through impersonation is "ColdChain support — …"). */
  name: string;
  /** "" where it must not show (support, or a name that is the e-mail already). */
  email: string;
  at: Date;
  reason: string | null;
}

/** Who set the window in force: the latest trim entry, unless an 'untrim' came after it. */
export async function trimAuthor(db: Db, reportId: string): Promise<TrimAuthor | null> {
  const entry = await db
    .selectFrom("auditLog as a")
    // The people as they were when the window was set (kept on the entry, migration 0031).
    .select([
      "a.action",
      "a.at",
      "a.reason",
      "a.actorEmail as email",
      "a.actorFirstName as firstName",
      "a.actorLastName as lastName",
      "a.impersonatorUserId",
      "a.impersonatorFirstName as operatorFirstName",
      "a.impersonatorLastName as operatorLastName",
    ])
    .where("a.entity", "=", "labelReport")
    .where("a.entityId", "=", reportId)
    .where("a.action", "in", ["trim", "untrim"])
    .orderBy("a.at", "desc")
    .orderBy("a.id", "desc")
    .executeTakeFirst();
  if (entry?.action !== "trim") return null;
  const impersonated = entry.impersonatorUserId !== null;
  // The name alone: the files add the e-mail where they may show it (never on a share link's).
  // Support acting for someone is named as such, with no e-mail of theirs.
  const operator = { firstName: entry.operatorFirstName, lastName: entry.operatorLastName, email: null };
  const name = impersonated ? auditActorLabel(entry, true, operator) : (personName(entry) ?? "System");
  return {
    name,
    email: impersonated || name === entry.email ? "" : (entry.email ?? ""),
    at: new Date(entry.at),
    reason: entry.reason,
  };
}

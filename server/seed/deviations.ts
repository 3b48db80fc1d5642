import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import {
  DEVIATION_CLOSING_MEANING,
  type DeviationState,
  deviationContentText,
  deviationNumber,
} from "../../core/domain/deviations";
import type { Database } from "../db/schema";
import { demoAdministrator } from "./main-customer";

/** The demo's investigations, in turn: one closed with a signature, one under investigation, one just opened. */
const PLANS: {
  title: string;
  state: DeviationState;
  rootCause: string;
  productImpact: string;
  capaReference: string;
}[] = [
  {
    title: "Reefer unit failure at the transit hub",
    state: "closed",
    rootCause: "The reefer unit's compressor tripped during the hub stop; the driver did not see the alarm.",
    productImpact: "Time above 8 °C is within the product's stability data; no impact on quality.",
    capaReference: "CAPA-2026-014",
  },
  {
    title: "Pallet left on the dock during unloading",
    state: "underInvestigation",
    rootCause: "Unloading started before the receiving cold room was ready.",
    productImpact: "",
    capaReference: "",
  },
  { title: "Temperature excursion on arrival", state: "open", rootCause: "", productImpact: "", capaReference: "" },
];

/**
 * The demo's deviations: on the demo administrator's company, each investigating one
 * acknowledged alarm of an ended report, with the trail entries the API writes; the closed
 * one carries its signature (the administrator's name, the hash of what was signed) and has
 * closed its alarm.
 */
export async function seedDeviations(trx: Kysely<Database>): Promise<number> {
  const admin = await demoAdministrator(trx);
  if (!admin) return 0;
  const alarms = await trx
    .selectFrom("alarms as a")
    .innerJoin("labelReports as r", "r.id", "a.reportId")
    .select(["a.id", "a.reportId", "a.acknowledgedAt", "a.triggeredAt"])
    .where("a.companyId", "=", admin.companyId)
    .where("a.state", "=", "acknowledged")
    .where("r.status", "=", "ended")
    .orderBy("a.triggeredAt", "desc")
    .limit(PLANS.length)
    .execute();
  const name = `${admin.firstName} ${admin.lastName}`.trim();
  let seq = 0;
  for (const [i, alarm] of alarms.entries()) {
    const plan = PLANS[i];
    if (!plan) break;
    seq += 1;
    const opened = new Date(new Date(alarm.acknowledgedAt ?? alarm.triggeredAt).getTime() + 3_600_000);
    const closedAt = new Date(opened.getTime() + 2 * 86_400_000);
    const year = opened.getUTCFullYear();
    const number = deviationNumber(year, seq);
    const { id } = await trx
      .insertInto("deviations")
      .values({
        companyId: admin.companyId,
        reportId: alarm.reportId,
        year,
        seq,
        number,
        title: plan.title,
        rootCause: plan.rootCause,
        productImpact: plan.productImpact,
        capaReference: plan.capaReference,
        state: plan.state,
        openedBy: admin.id,
        created: opened,
        updated: plan.state === "closed" ? closedAt : opened,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("deviationAlarms").values({ deviationId: id, alarmId: alarm.id }).execute();
    const entry = {
      actorUserId: admin.id,
      companyId: admin.companyId,
      entity: "labelReport",
      entityId: alarm.reportId,
    };
    await trx
      .insertInto("auditLog")
      .values({
        ...entry,
        at: opened,
        action: "deviationOpen",
        before: null,
        after: JSON.stringify({ deviationId: id, deviation: number, title: plan.title, state: "open", alarms: 1 }),
      })
      .execute();
    if (plan.state !== "closed") continue;
    const contentHash = createHash("sha256")
      .update(
        deviationContentText({
          id,
          number,
          reportId: alarm.reportId,
          title: plan.title,
          description: "",
          rootCause: plan.rootCause,
          productImpact: plan.productImpact,
          capaReference: plan.capaReference,
          alarmIds: [alarm.id],
        }),
      )
      .digest("hex");
    const comment = "Investigation complete; goods released under this deviation.";
    await trx
      .updateTable("deviations")
      .set({
        closedAt,
        closedBy: admin.id,
        closedByName: name,
        closedByEmail: admin.email,
        closingMeaning: DEVIATION_CLOSING_MEANING,
        closingComment: comment,
        closingHash: contentHash,
      })
      .where("id", "=", id)
      .execute();
    const closing = `Closed with deviation ${number}`;
    await trx
      .updateTable("alarms")
      .set({ state: "closed", closedBy: admin.id, closedAt, closedComment: closing })
      .where("id", "=", alarm.id)
      .execute();
    await trx
      .insertInto("auditLog")
      .values([
        {
          ...entry,
          at: closedAt,
          action: "alarmClose",
          before: JSON.stringify({ alarmId: alarm.id, state: "acknowledged" }),
          after: JSON.stringify({ alarmId: alarm.id, state: "closed" }),
          reason: closing,
        },
        {
          ...entry,
          at: closedAt,
          action: "deviationClose",
          before: JSON.stringify({ deviationId: id, deviation: number, state: "underInvestigation" }),
          after: JSON.stringify({
            deviationId: id,
            deviation: number,
            state: "closed",
            signedBy: name,
            meaning: DEVIATION_CLOSING_MEANING,
            contentHash,
          }),
          reason: comment,
        },
      ])
      .execute();
  }
  return alarms.length;
}

import type { FastifyPluginAsync } from "fastify";
import { type AlarmCommentInput, alarmCommentInput, alarmRecord } from "../../core/api/alarm";
import { idParams } from "../../core/api/id-params";
import { listQuerystring } from "../../core/api/list-query";
import { pagedResponse } from "../../core/api/paged-response";
import { ALARM_TRANSITIONS, type AlarmAction, alarmCommentError } from "../../core/domain/alarms";
import { listResource } from "../../core/domain/resources";
import { acknowledgeAlarms, closeAlarms } from "../alarms/alarm-state";
import type { Principal } from "../auth/principal";
import { alarmListColumns, alarmListRows, findAlarm } from "../db/alarms";
import type { Db } from "../db/index";
import { badRequest, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors } from "./schemas";

const resource = listResource("alarms");

const alarmNotFound = () => notFound("Alarm not found");

const STATE_CONFLICT: Record<AlarmAction, string> = {
  acknowledge: "Only an open alarm can be acknowledged",
  close: "Only an acknowledged alarm can be closed",
};

/**
 * One alarm of the caller's companies moved by `action`, with the comment: 404 for an
 * alarm the caller does not see, 400 for a short comment, 409 when it is not in the state
 * the action starts from. Answers the alarm as it is now.
 */
async function moveAlarm(
  db: Db,
  principal: Principal,
  id: string,
  action: AlarmAction,
  body: AlarmCommentInput,
  publicUrl: string,
) {
  const alarm = await findAlarm(db, principal.companyScope, id);
  if (!alarm) throw alarmNotFound();
  const error = alarmCommentError(body.comment);
  if (error) throw badRequest(`comment: ${error}`, [{ id: "comment", error }]);
  if (alarm.state !== ALARM_TRANSITIONS[action].from) throw new HttpError(409, STATE_CONFLICT[action]);
  const comment = body.comment.trim();
  const moved = await db
    .transaction()
    .execute((trx) =>
      action === "acknowledge"
        ? acknowledgeAlarms(trx, [id], principal, comment, publicUrl)
        : closeAlarms(trx, [id], principal, comment),
    );
  // Someone else moved it between the read and the update.
  if (moved.length === 0) throw new HttpError(409, STATE_CONFLICT[action]);
  return (await findAlarm(db, principal.companyScope, id)) ?? alarm;
}

/**
 * Alarms to acknowledge: the list, in the list grammar and scoped
 * like the report list (a distributor's spans its sub-companies), and acknowledging and
 * closing one. Acting on an alarm acts on its report, so it needs the right to change
 * reports (update labelReport: users, handlers, administrators; not sub-handlers or API
 * keys); support acting through impersonation may, and the trail names them.
 */
export const alarmRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/alarms",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["alarms"],
        summary:
          "The alarms of the caller's companies (a distributor's span its sub-companies): filter by state, severity, kind, unit, reportId, labelId, companyId, triggeredAt; open alarms first, newest first by default",
        querystring: listQuerystring,
        response: { 200: pagedResponse(alarmRecord), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) =>
      runList(db, (qb) => alarmListRows(qb, request.principal.companyScope), {
        resource,
        columns: alarmListColumns,
        query: parseResourceQuery(resource, request.query),
      }),
  );

  for (const action of ["acknowledge", "close"] as const)
    app.post(
      `/alarms/:id/${action}`,
      {
        config: { permission: ["update", "labelReport"] },
        schema: {
          tags: ["alarms"],
          summary:
            action === "acknowledge"
              ? "Acknowledge an open alarm with a comment (at least 10 characters): what is being done about it. 409 unless the alarm is open; the report's audit trail records it"
              : "Close an acknowledged alarm with a comment (at least 10 characters). 409 unless the alarm is acknowledged; the report's audit trail records it",
          params: idParams,
          body: alarmCommentInput,
          response: { 200: alarmRecord, 409: dataErrors[400], ...dataErrors },
        },
      },
      async (request) =>
        moveAlarm(db, request.principal, request.params.id, action, request.body, plugin.settings.publicUrl),
    );
};

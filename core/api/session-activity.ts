import { type Static, Type } from "typebox";
import { dateTime } from "./schema-types";

/**
 * POST /auth/session/activity: the dashboard reports a user action (in the last-activity
 * header) and learns how long its session may stay idle and when it ends regardless.
 */
export const sessionActivityAnswer = Type.Object({
  /** The session's company's setting (the default for a session that has not chosen one). */
  inactivitySignOutMinutes: Type.Integer(),
  /** The last user action the server knows of. */
  lastActiveAt: dateTime,
  /** The session's absolute end (SESSION_MAX_HOURS after the sign-in). */
  signedInUntil: dateTime,
});

export type SessionActivityAnswer = Static<typeof sessionActivityAnswer>;

import { type Static, Type } from "typebox";
import { Nullable, StringEnum } from "./schema-types";

/** The answer of an action that has nothing else to say: `{ status: "OK" }` (a code sent, a token given up). */
export const statusAnswer = Type.Object({ status: Type.String() });

/** The answer to changing one's password (PUT /me/password): how many other sessions it ended. */
export const passwordChangeAnswer = Type.Object({ status: Type.String(), sessionsEnded: Type.Integer() });

/** The answer to starting a phone change (POST /me/phone): a code sent to the new number, or the number removed. */
export const phoneChangeAnswer = Type.Object({
  status: StringEnum(["CODE_SENT", "REMOVED"]),
  phone: Nullable(Type.String()),
});

export type PhoneChangeAnswer = Static<typeof phoneChangeAnswer>;

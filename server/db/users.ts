import type { Insertable } from "kysely";
import type { Db } from "./index";
import type { User, UsersTable } from "./schema";

/** The users columns of the profile record (core/api/profile.ts), for every route that answers with it. */
const PROFILE_COLUMNS = ["id", "email", "firstName", "lastName", "phone", "timeZone"] as const;

/** E-mail addresses are compared case-insensitively: the address as typed finds the account. */
export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Numbers are stored in E.164 (core/domain/phone.ts) and compared as they are. */
export function findUserByPhone(db: Db, phone: string | null): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst();
}

/** Just these columns of one account (no more than a route needs: never the hash by accident). */
export function readUser<C extends keyof UsersTable & string>(db: Db, id: string, columns: readonly C[]) {
  return db.selectFrom("users").select(columns).where("id", "=", id).executeTakeFirst();
}

/** The profile of one account; the caller picks executeTakeFirst or executeTakeFirstOrThrow. */
export function profileQuery(db: Db, id: string) {
  return db.selectFrom("users").select(PROFILE_COLUMNS).where("id", "=", id);
}

/** The personal details an account changes itself, locked until the transaction ends. */
export function lockPersonalDetails(db: Db, id: string) {
  return db
    .selectFrom("users")
    .select(["firstName", "lastName", "timeZone"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether another account already signs in with this number. */
export async function phoneTakenByOther(db: Db, phone: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("phone", "=", phone)
    .where("id", "<>", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<string> {
  const row = await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Changes an account; `updated` is stamped with the change. */
export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Pick<User, "firstName" | "lastName" | "timeZone" | "phone" | "passwordHash">>,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...changes, updated: new Date() })
    .where("id", "=", id)
    .execute();
}

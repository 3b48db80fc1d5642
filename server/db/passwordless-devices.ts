import type { Insertable, Updateable } from "kysely";
import type { Db } from "./index";
import type { PasswordlessDevicesTable } from "./schema";

/** Pending passwordless sign-ins (a code or magic link not yet used), keyed by the hash of their device id. */

export async function insertPasswordlessDevice(db: Db, device: Insertable<PasswordlessDevicesTable>): Promise<void> {
  await db.insertInto("passwordlessDevices").values(device).execute();
}

export function findPasswordlessDevice(db: Db, deviceIdHash: string) {
  return db.selectFrom("passwordlessDevices").selectAll().where("deviceIdHash", "=", deviceIdHash).executeTakeFirst();
}

/** The device, locked until the transaction ends (a code being tried). */
export function lockPasswordlessDevice(db: Db, deviceIdHash: string) {
  return db
    .selectFrom("passwordlessDevices")
    .selectAll()
    .where("deviceIdHash", "=", deviceIdHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePasswordlessDevice(
  db: Db,
  deviceIdHash: string,
  changes: Updateable<PasswordlessDevicesTable>,
): Promise<void> {
  await db.updateTable("passwordlessDevices").set(changes).where("deviceIdHash", "=", deviceIdHash).execute();
}

export async function deletePasswordlessDevice(db: Db, deviceIdHash: string): Promise<void> {
  await db.deleteFrom("passwordlessDevices").where("deviceIdHash", "=", deviceIdHash).execute();
}

/** Every pending code of an address: by its e-mail when it has one, else by its phone number. */
export async function deletePasswordlessDevicesOf(
  db: Db,
  contact: { email: string | null; phone: string | null },
): Promise<void> {
  if (contact.email) await db.deleteFrom("passwordlessDevices").where("email", "=", contact.email).execute();
  else await db.deleteFrom("passwordlessDevices").where("phone", "=", contact.phone).execute();
}

import { siblingNamed } from "../db/companies";
import type { Db } from "../db/index";
import { isUniqueViolation } from "../db/unique-violation";
import { badRequest, type HttpError } from "../errors";

/**
 * A distributor's sub-companies have names of their own: two "Nordic Fresh" under one
 * parent cannot be told apart in its lists, filters and reports. Compared case-insensitively
 * with blanks trimmed; a company without a parent is not concerned.
 */

/** The unique index that holds the rule when two saves race (migration 0033). */
const SUB_COMPANY_NAME_INDEX = "companies_parent_name";

function nameTaken(name: string): HttpError {
  const error = `A sub-company named “${name.trim()}” already exists`;
  return badRequest(error, [{ id: "name", error }]);
}

/** 400 on `name` when another company under `parentId` has this name (`exceptId`: the one renamed). */
export async function assertSubCompanyNameFree(
  db: Db,
  parentId: string | null | undefined,
  name: string | undefined,
  exceptId?: string,
): Promise<void> {
  if (!parentId || name === undefined) return;
  if (await siblingNamed(db, parentId, name, exceptId)) throw nameTaken(name);
}

/**
 * Runs a write that names a company: a concurrent save of the same name, past the check
 * at the same moment, fails on the unique index and is answered as the check answers.
 * The violation ends the transaction, so this wraps it rather than running inside it.
 */
export async function namingSubCompany<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (name !== undefined && isUniqueViolation(e, SUB_COMPANY_NAME_INDEX)) throw nameTaken(name);
    throw e;
  }
}

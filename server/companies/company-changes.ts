import type { CompanyChanges } from "../../core/api/company-settings";
import type { FieldError } from "../../core/api/error-answer";
import { normalizeVatNumber, vatNumberError } from "../../core/domain/billing";
import { isKnownTimeZone } from "../../core/domain/datetime";
import { reportsAndChildrenOf } from "../db/companies";
import type { Db } from "../db/index";
import { badRequest, HttpError } from "../errors";

/** What creating, changing and deleting a company (own, sub-company or any) checks and writes. */

/**
 * Rules beyond the JSON schema: a known time zone, a VAT
 * number in its country's format, a logo initial of letters or digits. 400 per field.
 */
export function assertCompanySettings(changes: CompanyChanges): void {
  const problems: FieldError[] = [];
  if (changes.timeZone !== undefined && !isKnownTimeZone(changes.timeZone))
    problems.push({ id: "timeZone", error: "Unknown time zone" });
  const vat = changes.billing?.vatNumber;
  const vatProblem = typeof vat === "string" ? vatNumberError(vat) : null;
  if (vatProblem) problems.push({ id: "billing.vatNumber", error: vatProblem });
  if (changes.logoInitial && !/^[\p{L}\p{N}]{1,2}$/u.test(changes.logoInitial))
    problems.push({ id: "logoInitial", error: "One or two letters or digits" });
  if (problems.length) throw badRequest("Please check the fields", problems);
}

/** Turns validated changes into column values (JSON columns are written as text). */
export function companyColumns(changes: CompanyChanges) {
  const { addresses, billing: rawBilling, ...plain } = changes;
  const billing =
    rawBilling && typeof rawBilling.vatNumber === "string"
      ? { ...rawBilling, vatNumber: normalizeVatNumber(rawBilling.vatNumber) }
      : rawBilling;
  return {
    ...plain,
    ...(plain.name !== undefined ? { name: plain.name.trim() } : {}),
    ...(addresses !== undefined ? { addresses: JSON.stringify(addresses) } : {}),
    ...(billing !== undefined ? { billing: JSON.stringify(billing) } : {}),
  };
}

/**
 * A company with label reports or sub-companies is not deleted: its records must stay.
 * The 409 names the company and what keeps it, for the person who asked to delete it.
 */
export async function assertDeletable(db: Db, company: { id: string; name: string }): Promise<void> {
  const { reports, children } = await reportsAndChildrenOf(db, company.id);
  if (!reports && !children) return;
  const what = [reports ? "label reports" : null, children ? "sub-companies" : null].filter(Boolean).join(" and ");
  throw new HttpError(409, `“${company.name}” has ${what}, so it cannot be deleted: its records must stay`);
}

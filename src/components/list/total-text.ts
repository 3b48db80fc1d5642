import { formatDecimal } from "@core/domain/number-text";

/** "12 records", or "about 1,234,000 records" when the server only estimated a long list. */
export function totalText(total: number, estimate: boolean, locale = "en-US"): string {
  const noun = total === 1 ? "record" : "records";
  const count = formatDecimal(total, { locale });
  return estimate ? `about ${count} ${noun}` : `${count} ${noun}`;
}

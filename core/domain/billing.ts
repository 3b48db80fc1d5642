/**
 * Billing and profile input rules shared by the server (which decides) and the
 * dashboard (which hints).
 */

/** The card and payment brands a company may name as its way of paying. */
export const PAYMENT_BRANDS = [
  "amex",
  "bancontact",
  "dinersClub",
  "ideal",
  "google",
  "maestro",
  "mastercard",
  "paypal",
  "sepa",
  "visa",
] as const;
export type PaymentBrand = (typeof PAYMENT_BRANDS)[number];

/** What a company address is for (an address without one is a shipping address). */
export const ADDRESS_TYPES = ["shipping", "billing"] as const;

/**
 * VAT identification numbers of the EU member states (the VIES formats, country
 * prefix included; Greece uses EL). A number whose first two letters are not an EU
 * prefix follows the generic rule: two letters, then 2 to 13 letters or digits.
 */
const EU_VAT: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

const GENERIC_VAT = /^[A-Z]{2}[A-Z0-9]{2,13}$/;

/** Upper case without spaces, dots and dashes: how a VAT number is stored. */
export function normalizeVatNumber(raw: string): string {
  return raw.replace(/[\s.-]/g, "").toUpperCase();
}

export function vatNumberError(raw: string): string | null {
  const vat = normalizeVatNumber(raw);
  if (vat === "") return null;
  const euRule = EU_VAT[vat.slice(0, 2)];
  if (euRule) return euRule.test(vat) ? null : `Not a valid ${vat.slice(0, 2)} VAT number`;
  if (vat.startsWith("GR")) return "Greek VAT numbers start with EL";
  return GENERIC_VAT.test(vat) ? null : "A VAT number starts with its two-letter country code";
}

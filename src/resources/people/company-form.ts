import type { CompanyCreation } from "@core/api/company-settings";

/** The company form's values and the request body they make (sub-companies and the control center). */

export interface CompanyFormValues {
  name: string;
  city?: string;
  country?: string;
  line1?: string;
  postalCode?: string;
  addressCity?: string;
  addressCountry?: string;
  administratorEmail?: string;
  type?: "operator" | "distributor" | "customer";
  parentId?: string | null;
}

const clean = (value: string | undefined) => value?.trim() ?? "";

/** Blank optional fields are left out; an address is sent only when its first line is filled in. */
export function companyPayload(values: CompanyFormValues): CompanyCreation {
  const body: CompanyCreation = { name: clean(values.name) };
  if (clean(values.city)) body.city = clean(values.city);
  if (clean(values.country)) body.country = clean(values.country);
  if (clean(values.line1)) {
    body.addresses = [
      {
        label: "Main",
        line1: clean(values.line1),
        postalCode: clean(values.postalCode),
        city: clean(values.addressCity) || clean(values.city),
        country: clean(values.addressCountry) || clean(values.country),
      },
    ];
  }
  if (clean(values.administratorEmail)) body.administratorEmail = clean(values.administratorEmail);
  if (values.type) body.type = values.type;
  if (values.parentId) body.parentId = values.parentId;
  return body;
}

/** Server field ids (`/addresses/0/line1`, `administratorEmail`) to the form's field names. */
export function formFieldOf(id: string): keyof CompanyFormValues | undefined {
  const path = id.replace(/^\/|^body\/?/g, "").replace(/\./g, "/");
  if (path.startsWith("addresses")) {
    if (path.endsWith("line1")) return "line1";
    if (path.endsWith("postalCode")) return "postalCode";
    if (path.endsWith("city")) return "addressCity";
    if (path.endsWith("country")) return "addressCountry";
    return "line1";
  }
  const known: (keyof CompanyFormValues)[] = ["name", "city", "country", "administratorEmail", "type", "parentId"];
  return known.find((k) => path === k || path.startsWith(`${k}/`));
}

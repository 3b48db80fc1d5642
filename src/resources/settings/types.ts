import type { PaymentBrandName } from "@/components/icons";
import type { ApiKeyScope } from "@/domain/api-key-scopes";

/** The company settings shapes the dashboard edits (the server's JSON schema: server/routes/company-settings.ts). */

export const ADDRESS_TYPES = ["shipping", "billing"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export interface Address {
  type?: AddressType;
  label?: string;
  line1: string;
  line2?: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface Billing {
  vatNumber?: string;
  email?: string;
  address?: Address;
  paymentBrand?: PaymentBrandName;
}

export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  /** The zone of the person's alert e-mails (copied from Preferences); null: each company's zone. */
  timeZone: string | null;
}

export interface NotificationSetting {
  companyId: string;
  companyName: string;
  excursionDetected: boolean;
  reportFinished: boolean;
  batteryLow: boolean;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  created: string;
  createdBy: string | null;
  createdByName: string | null;
  lastUsed: string | null;
  scopes: ApiKeyScope[];
}

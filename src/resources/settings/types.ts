import type { NotificationSettingRecord } from "@core/api/notification-setting";
import type { ProfileRecord } from "@core/api/profile";
import type { PaymentBrandName } from "@/components/icons";

/**
 * The company settings shapes the dashboard edits (the server's JSON schema: server/routes/company-settings.ts),
 * and the records of the caller's own settings, derived from the response schemas in core/api/.
 */

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

export type Profile = ProfileRecord;

export type NotificationSetting = NotificationSettingRecord;

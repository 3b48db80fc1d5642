import type { NotificationSettingRecord } from "@core/api/notification-setting";
import type { ProfileRecord } from "@core/api/profile";

/**
 * The settings records the dashboard reads and edits, derived from the API's schemas in core/api/.
 */

export type { Address, Billing } from "@core/api/company-settings";
export { ADDRESS_TYPES } from "@core/domain/billing";

export type Profile = ProfileRecord;

export type NotificationSetting = NotificationSettingRecord;

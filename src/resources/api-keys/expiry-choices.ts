/** The expiries a key can be given in the dashboard (the API takes any 1 to 1825 days, or none). */
export const EXPIRY_CHOICES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "730", label: "2 years" },
  { value: "1825", label: "5 years" },
  { value: "never", label: "Never" },
] as const;

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]["value"];

export const DEFAULT_EXPIRY_CHOICE: ExpiryChoice = "365";

/** The API's `expiresInDays` for a choice. */
export const expiresInDaysOf = (choice: ExpiryChoice): number | null => (choice === "never" ? null : Number(choice));

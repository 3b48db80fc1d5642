/** The text input's rules: its types, and a password shown or hidden by its toggle. */

const TEXT_INPUT_TYPES = ["text", "password", "search", "number", "email", "url", "tel"] as const;
export type TextInputType = (typeof TEXT_INPUT_TYPES)[number];

/** The input's real type: a password field shows its text while revealed. */
export function effectiveInputType(type: TextInputType, revealed: boolean): TextInputType {
  return type === "password" && revealed ? "text" : type;
}

export function passwordToggleLabel(revealed: boolean): string {
  return revealed ? "Hide password" : "Show password";
}

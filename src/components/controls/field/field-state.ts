/** The error state shared by the form controls: a field shows its own error under it. */

/** A server field error, as the forms receive it per field. */
export interface FieldIssue {
  message: string;
  code?: string;
}

export type FieldState = "default" | "success" | "warning" | "error";

/** The controls' sizes (sm, md, lg) and their antd names. */
export type ControlSize = "sm" | "md" | "lg";
export const ANTD_SIZE = { sm: "small", md: "middle", lg: "large" } as const satisfies Record<ControlSize, string>;

/** The controls' variants (light, outline) and their antd names. */
export type ControlVariant = "light" | "outline";
export const ANTD_VARIANT = { light: "filled", outline: "outlined" } as const satisfies Record<ControlVariant, string>;

export type ControlRounded = "md" | "full";

export const OPTIONAL_BADGE = "optional";

/** A control is in error when its state says so or when an issue is present. */
export function hasError(state: FieldState | undefined, issue: FieldIssue | readonly FieldIssue[] | null | undefined) {
  if (state === "error") return true;
  if (!issue) return false;
  return Array.isArray(issue) ? issue.length > 0 : true;
}

/** The message to show: the issue's, or the first of several (the number input shows only that one). */
export function issueMessage(issue: FieldIssue | readonly FieldIssue[] | null | undefined): string | undefined {
  if (!issue) return undefined;
  if (Array.isArray(issue)) return (issue as readonly FieldIssue[])[0]?.message;
  return (issue as FieldIssue).message;
}

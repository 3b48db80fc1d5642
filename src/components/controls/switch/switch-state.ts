/** Switch sizes of spec section 9 (sm, md, lg) and their antd names; lg is styled on top of antd's default. */
export type SwitchSize = "sm" | "md" | "lg";

export const ANTD_SWITCH_SIZE: Record<SwitchSize, "small" | "default"> = { sm: "small", md: "default", lg: "default" };

/** The two-position switch: false is the left option, true the right one. */
export function positionOf(checked: boolean): 0 | 1 {
  return checked ? 1 : 0;
}

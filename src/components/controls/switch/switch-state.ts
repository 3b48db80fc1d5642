/** Switch sizes (sm, md, lg) and their antd names; lg is styled on top of antd's default. */
export type SwitchSize = "sm" | "md" | "lg";

export const ANTD_SWITCH_SIZE: Record<SwitchSize, "small" | "default"> = { sm: "small", md: "default", lg: "default" };

/** The roles a person holds in a company (the permission matrix in permissions.ts says what each may do). */
export const ROLES = ["user", "administrator", "distributorAdmin", "systemAdmin", "handler", "subHandler"] as const;
export type Role = (typeof ROLES)[number];

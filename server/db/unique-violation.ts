/** Postgres's "unique_violation": an insert or update lost to a unique index. */
const UNIQUE_VIOLATION = "23505";

/** Whether `e` is a unique violation, of the named index when one is given. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  if (typeof e !== "object" || e === null) return false;
  const { code, constraint: violated } = e as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && (constraint === undefined || violated === constraint);
}

import { sql } from "kysely";

/** A joined person's "First Last" as SQL (`alias` names the users join), null when both are empty. */
export const personName = (alias: string) =>
  sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.firstName`)}, ${sql.ref(`${alias}.lastName`)})), '')`;

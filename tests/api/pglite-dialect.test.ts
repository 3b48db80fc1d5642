import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/index";

// The embedded database is one session: the dialect must keep a transaction's
// statements apart from other requests' (server/db/pglite-dialect.ts).
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({});
  await sql`create table notes (id int primary key, body text)`.execute(handle.db);
});

afterAll(async () => {
  await handle.close();
});

test("a write made beside a transaction that rolls back is kept", async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const rolledBack = handle.db
    .transaction()
    .execute(async (trx) => {
      await sql`insert into notes values (1, 'inside')`.execute(trx);
      await held;
      throw new Error("roll back");
    })
    .catch((e: Error) => e.message);
  const outside = sql`insert into notes values (2, 'outside')`.execute(handle.db);
  release();
  expect(await rolledBack).toBe("roll back");
  await outside;
  const rows = await sql<{ id: number }>`select id from notes order by id`.execute(handle.db);
  expect(rows.rows.map((r) => r.id)).toEqual([2]);
});

test("a read beside an open transaction does not see its uncommitted rows", async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserted!: () => void;
  const didInsert = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const committed = handle.db.transaction().execute(async (trx) => {
    await sql`insert into notes values (3, 'later')`.execute(trx);
    inserted();
    await held;
  });
  await didInsert;
  const read = sql<{ n: number }>`select count(*)::int as n from notes where id = 3`.execute(handle.db);
  release();
  await committed;
  // The read waited for the transaction to end: it saw the committed row, never a half state.
  expect((await read).rows[0]?.n).toBe(1);
});

test("the number of rows an update changed is reported", async () => {
  const result = await handle.db.executeQuery(sql`update notes set body = 'x' where id >= 2`.compile(handle.db));
  expect(result.numAffectedRows).toBe(2n);
});

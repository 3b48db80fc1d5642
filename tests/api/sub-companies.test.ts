import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { namingSubCompany } from "../../server/companies/sibling-names";
import { up as migrateSubCompanyNames } from "../../server/db/migrations/0033-sub-company-names";
import { createTestApp, type TestApp } from "./support/app";
import { flaggedMember } from "./support/members";
import { buildWorld, type World } from "./support/world";

/**
 * A distributor's sub-companies: names unique under their distributor, renaming
 * and deleting them, and the distributor seeing and removing their members. One rule a test.
 */

let t: TestApp;
let world: World;
let distributor: Record<string, string>;
let seq = 0;

const as = (key: string, company: keyof World["companies"]) =>
  t.headersFor(world.users[key] as string, world.companies[company]);

/** A name no other test of this file uses. */
const fresh = (stem: string) => `${stem} ${++seq}`;

async function createSub(headers: Record<string, string>, name: string) {
  return t.app.inject({ method: "POST", url: "/api/sub-companies", headers, payload: { name } });
}

async function renameSub(headers: Record<string, string>, id: string, name: string) {
  return t.app.inject({ method: "PATCH", url: `/api/sub-companies/${id}`, headers, payload: { name } });
}

/** The ids of the fields a 400 names. */
const fieldsOf = (res: { json(): { formFields?: { id: string }[] } }) => (res.json().formFields ?? []).map((f) => f.id);

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  distributor = await as("distributor:distributorAdmin", "distributor");
});
afterAll(async () => t?.close());

describe("a sub-company's name is unique under its distributor", () => {
  test("a duplicate name on create is 400 naming `name`", async () => {
    const name = fresh("Nordic Fresh");
    expect((await createSub(distributor, name)).statusCode).toBe(201);
    const again = await createSub(distributor, name);
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toEqual(["name"]);
    expect(again.json().formFields[0].error).toBe(`A sub-company named “${name}” already exists`);
  });

  test("names are compared case-insensitively and without surrounding blanks", async () => {
    const name = fresh("Polar Foods");
    expect((await createSub(distributor, name)).statusCode).toBe(201);
    const again = await createSub(distributor, `  ${name.toUpperCase()} `);
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toEqual(["name"]);
  });

  test("a rename to another sub-company's name is 400 naming `name` and changes nothing", async () => {
    const taken = fresh("Baltic Ice");
    await createSub(distributor, taken);
    const own = fresh("Baltic Snow");
    const { id } = (await createSub(distributor, own)).json();
    const res = await renameSub(distributor, id, taken.toLowerCase());
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(["name"]);
    const read = await t.app.inject({ method: "GET", url: `/api/sub-companies/${id}`, headers: distributor });
    expect(read.json().name).toBe(own);
  });

  test("a rename to its own name in another case is allowed", async () => {
    const name = fresh("Arctic Chain");
    const { id } = (await createSub(distributor, name)).json();
    const res = await renameSub(distributor, id, name.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(name.toUpperCase());
  });

  test("the same name is allowed under a different distributor", async () => {
    const name = fresh("Shared Name");
    expect((await createSub(distributor, name)).statusCode).toBe(201);
    const other = await t.database.db
      .insertInto("companies")
      .values({ name: "Other Distributor", type: "distributor", addresses: "[]", billing: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const otherAdmin = await flaggedMember(t, "other-distributor@test.example", other.id, {}, ["distributorAdmin"]);
    expect((await createSub(otherAdmin, name)).statusCode).toBe(201);
  });

  test("a sub-company renaming itself in its settings keeps a name of its own among its siblings", async () => {
    const sibling = fresh("Sibling");
    await createSub(distributor, sibling);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/company",
      headers: await as("sub:administrator", "sub"),
      payload: { name: sibling },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(["name"]);
  });

  test("a system administrator creating a company under a parent gets the same 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/companies",
      headers: await as("operator:systemAdmin", "operator"),
      payload: { name: "sub", parentId: world.companies.distributor },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(["name"]);
  });

  test("a save that loses a race on the name index is answered with the same 400", async () => {
    const lost = namingSubCompany("Nordic Fresh", () =>
      Promise.reject(Object.assign(new Error("duplicate key"), { code: "23505", constraint: "companies_parent_name" })),
    );
    await expect(lost).rejects.toMatchObject({
      statusCode: 400,
      formFields: [{ id: "name", error: "A sub-company named “Nordic Fresh” already exists" }],
    });
  });

  test("the database itself refuses a second sub-company of the same name (a race past the check)", async () => {
    const insert = t.database.db
      .insertInto("companies")
      .values({
        name: " SUB ",
        type: "customer",
        parentId: world.companies.distributor,
        addresses: "[]",
        billing: "{}",
      })
      .execute();
    await expect(insert).rejects.toMatchObject({ code: "23505", constraint: "companies_parent_name" });
  });
});

describe("deleting a sub-company", () => {
  test("one with label reports is 409, naming it and its reports", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/sub-companies/${world.companies.sub}`,
      headers: distributor,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("“Sub” has label reports, so it cannot be deleted: its records must stay");
  });

  test("one without label reports is deleted and gone from the list", async () => {
    const { id } = (await createSub(distributor, fresh("Short Lived"))).json();
    const res = await t.app.inject({ method: "DELETE", url: `/api/sub-companies/${id}`, headers: distributor });
    expect(res.statusCode).toBe(204);
    const read = await t.app.inject({ method: "GET", url: `/api/sub-companies/${id}`, headers: distributor });
    expect(read.statusCode).toBe(404);
  });
});

describe("another distributor's sub-company", () => {
  test("is 404 to read, rename, delete and list members of", async () => {
    const other = await t.database.db
      .insertInto("companies")
      .values({ name: "Third Distributor", type: "distributor", addresses: "[]", billing: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const foreign = await t.database.db
      .insertInto("companies")
      .values({ name: "Not Yours", type: "customer", parentId: other.id, addresses: "[]", billing: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const url = `/api/sub-companies/${foreign.id}`;
    const answers = await Promise.all([
      t.app.inject({ method: "GET", url, headers: distributor }),
      renameSub(distributor, foreign.id, "Mine now"),
      t.app.inject({ method: "DELETE", url, headers: distributor }),
      t.app.inject({ method: "GET", url: `${url}/users`, headers: distributor }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
    const still = await t.database.db
      .selectFrom("companies")
      .select("name")
      .where("id", "=", foreign.id)
      .executeTakeFirst();
    expect(still?.name).toBe("Not Yours");
  });
});

describe("a sub-company's members", () => {
  test("the distributor lists them with their roles there", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/sub-companies/${world.companies.sub}/users`,
      headers: distributor,
    });
    expect(res.statusCode).toBe(200);
    const emails = res.json().data.map((u: { email: string }) => u.email);
    expect(emails).toContain("sub-user@test.example");
    expect(emails.every((e: string) => e.startsWith("sub-"))).toBe(true);
  });

  test("the distributor removes one; they are gone from the sub-company only", async () => {
    const userId = world.users["sub:handler"] as string;
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${userId}?companyId=${world.companies.sub}`,
      headers: distributor,
    });
    expect(res.statusCode).toBe(204);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/sub-companies/${world.companies.sub}/users`,
      headers: distributor,
    });
    expect(list.json().data.map((u: { id: string }) => u.id)).not.toContain(userId);
    const account = await t.database.db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
    expect(account).toBeDefined();
  });

  test("a member of a company that is not its sub-company is not removed (404)", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${world.users["b:user"]}?companyId=${world.companies.b}`,
      headers: distributor,
    });
    expect(res.statusCode).toBe(404);
  });

  test("an administrator who is no distributor cannot list a sub-company's members (403)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/sub-companies/${world.companies.sub}/users`,
      headers: await as("a:administrator", "a"),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("migration 0033 on a database that already has clashing names", () => {
  test("renames every clash after the oldest, so the unique index can be built", async () => {
    const db = t.database.db;
    await sql`drop index companies_parent_name`.execute(db);
    const clash = await db
      .insertInto("companies")
      .values({
        name: " sub ",
        type: "customer",
        parentId: world.companies.distributor,
        addresses: "[]",
        billing: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await migrateSubCompanyNames(db as unknown as Kysely<unknown>);
    const renamed = await db.selectFrom("companies").select("name").where("id", "=", clash.id).executeTakeFirst();
    expect(renamed?.name).toBe("sub (2)");
    const oldest = await db
      .selectFrom("companies")
      .select("name")
      .where("id", "=", world.companies.sub)
      .executeTakeFirst();
    expect(oldest?.name).toBe("Sub");
    const another = db
      .insertInto("companies")
      .values({ name: "SUB", type: "customer", parentId: world.companies.distributor, addresses: "[]", billing: "{}" })
      .execute();
    await expect(another).rejects.toMatchObject({ code: "23505", constraint: "companies_parent_name" });
  });
});

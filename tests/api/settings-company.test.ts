import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
});
afterAll(async () => t?.close());

const patch = (payload: object, headers = admin) =>
  t.app.inject({ method: "PATCH", url: "/api/company", headers, payload });
const fieldIds = (res: { json(): { formFields: { id: string }[] } }) => res.json().formFields.map((f) => f.id);

describe("company settings: general", () => {
  test("name, logo initial, default time zone and temperature unit are saved", async () => {
    const res = await patch({
      name: "Alpha Labs",
      logoInitial: "AL",
      timeZone: "Europe/Amsterdam",
      temperatureUnit: "fahrenheit",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Alpha Labs", logoInitial: "AL", timeZone: "Europe/Amsterdam" });
  });

  test("an unknown time zone is a 400 on timeZone", async () => {
    const res = await patch({ timeZone: "Mars/Olympus" });
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["timeZone"]);
  });

  test("a logo initial is one or two letters or digits", async () => {
    expect(fieldIds(await patch({ logoInitial: "!" }))).toEqual(["logoInitial"]);
  });

  test("a user of the company cannot change it (403)", async () => {
    const headers = await t.headersFor(world.users["a:user"] as string, world.companies.a);
    expect((await patch({ name: "Taken over" }, headers)).statusCode).toBe(403);
  });
});

describe("company settings: addresses", () => {
  test("addresses carry their type, shipping or billing", async () => {
    const address = {
      type: "billing",
      label: "Finance",
      line1: "Damrak 1",
      postalCode: "1012 LG",
      city: "Amsterdam",
      country: "Netherlands",
    };
    const res = await patch({ addresses: [address] });
    expect(res.statusCode).toBe(200);
    expect(res.json().addresses).toEqual([address]);
    expect(fieldIds(await patch({ addresses: [{ ...address, type: "office" }] }))).toEqual(["addresses.0.type"]);
  });
});

describe("company settings: billing information (VAT rules)", () => {
  test.each([
    ["DE298765431", "DE298765431"],
    ["nl 1234.56789.b01", "NL123456789B01"],
    ["ATU12345678", "ATU12345678"],
    ["EL123456789", "EL123456789"],
    ["CHE123456789", "CHE123456789"],
  ])("%s is accepted and stored as %s", async (input, stored) => {
    const res = await patch({ billing: { vatNumber: input } });
    expect(res.statusCode).toBe(200);
    expect(res.json().billing.vatNumber).toBe(stored);
  });

  test.each([
    ["DE12345678", "Not a valid DE VAT number"],
    ["NL123456789", "Not a valid NL VAT number"],
    ["GR123456789", "Greek VAT numbers start with EL"],
    ["123456789", "A VAT number starts with its two-letter country code"],
  ])("%s is a 400 on billing.vatNumber", async (input, error) => {
    const res = await patch({ billing: { vatNumber: input } });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "billing.vatNumber", error }]);
  });

  test("billing e-mail, address and payment brand are saved with the VAT number", async () => {
    const billing = {
      vatNumber: "NL123456789B01",
      email: "ap@alpha.example",
      paymentBrand: "mastercard",
      address: {
        label: "Billing",
        line1: "Damrak 1",
        postalCode: "1012 LG",
        city: "Amsterdam",
        country: "Netherlands",
      },
    };
    const res = await patch({ billing });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/company", headers: admin })).json().billing).toEqual(
      billing,
    );
  });
});

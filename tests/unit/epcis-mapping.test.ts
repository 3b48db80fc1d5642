import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { eventsOfDocument, labelIdOf, mapEpcisEvents } from "../../server/ingest/epcis";

/**
 * EPCIS 2.0 documents -> label readings (server/ingest/epcis.ts). The fixtures follow the
 * shape of GS1's published EPCIS 2.0 sensor examples (time per sensorReport, time on
 * sensorMetadata only, no time at all).
 */

const NOW = Date.parse("2026-11-24T12:00:00Z");

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/epcis/${name}`, import.meta.url), "utf8"));
}

function map(document: unknown) {
  const { events, problems } = eventsOfDocument(document);
  expect(problems).toEqual([]);
  return mapEpcisEvents(events, NOW);
}

/** A one-event document with these sensor reports of label LBL-1. */
function documentWith(reports: object[], event: object = {}) {
  return {
    type: "EPCISDocument",
    schemaVersion: "2.0",
    epcisBody: {
      eventList: [
        {
          type: "ObjectEvent",
          eventTime: "2026-11-20T08:00:00Z",
          sensorElementList: [{ sensorMetadata: { deviceID: "urn:epc:id:giai:4000001.LBL-1" }, sensorReport: reports }],
          ...event,
        },
      ],
    },
  };
}

const iso = (t: number) => new Date(t).toISOString();

describe("a reading's time", () => {
  test("is each sensorReport's own time, with its +01:00 offset respected", () => {
    const { batches, errors } = map(fixture("time-on-each-report.json"));
    expect(errors).toEqual([]);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.readings.map((r) => iso(r.t))).toEqual([
      "2026-11-20T08:00:00.000Z",
      "2026-11-20T08:05:00.000Z",
      "2026-11-20T08:10:00.000Z",
    ]);
  });

  test("is sensorMetadata.time when the reports carry none", () => {
    const { batches } = map(fixture("time-on-metadata.json"));
    expect(batches[0]?.readings.map((r) => iso(r.t))).toEqual(["2026-11-20T10:05:00.000Z"]);
  });

  test("is the event's eventTime when neither the report nor the metadata has one", () => {
    const { batches } = map(fixture("no-time.json"));
    expect(batches.map((b) => b.readings.map((r) => iso(r.t)))).toEqual([
      ["2026-11-20T12:30:00.000Z"],
      ["2026-11-20T12:30:00.000Z"],
    ]);
  });

  test("without an offset is an error of the event, not a guess in the server's zone", () => {
    const { batches, errors } = map(
      documentWith([{ type: "Temperature", value: 5, uom: "CEL", time: "2026-11-20T08:00:00" }]),
    );
    expect(batches).toEqual([]);
    expect(errors).toEqual([
      expect.objectContaining({ eventIndex: 0, type: "ValidationException", title: expect.stringContaining("time") }),
    ]);
  });
});

describe("measurement types and units", () => {
  test("temperature and humidity reported at one time make one reading", () => {
    const { batches } = map(fixture("time-on-each-report.json"));
    expect(batches[0]?.readings[0]).toEqual({
      t: Date.parse("2026-11-20T08:00:00Z"),
      temperature: 4.5,
      humidity: 51.5,
      shock: null,
      battery: null,
    });
  });

  test("several sensor types in one report: temperature, humidity and acceleration (m/s² as g) are kept", () => {
    const { batches } = map(fixture("time-on-metadata.json"));
    expect(batches[0]?.readings).toEqual([
      { t: Date.parse("2026-11-20T10:05:00Z"), temperature: 6, humidity: 48, shock: 2.498305, battery: null },
    ]);
  });

  test("types that are none of our channels are listed as ignored, never stored as something else", () => {
    const { ignored } = map(fixture("time-on-metadata.json"));
    expect(ignored.map((i) => i.sensorType)).toEqual(["AbsoluteHumidity", "Speed", "Illuminance", "example:Battery"]);
    expect(ignored[0]).toMatchObject({ eventIndex: 0, path: "sensorElementList.0.sensorReport.2" });
  });

  test("an extension type named like a CBV type (example:Temperature) is not a temperature", () => {
    const { batches, ignored } = map(documentWith([{ type: "example:Temperature", value: 5, uom: "CEL" }]));
    expect(batches).toEqual([]);
    expect(ignored.map((i) => i.sensorType)).toEqual(["example:Temperature"]);
  });

  test("Fahrenheit and kelvin are converted to °C", () => {
    const { batches } = map(fixture("no-time.json"));
    expect(batches.map((b) => b.readings[0]?.temperature)).toEqual([5, 3]);
  });

  test("a temperature in a unit that is not a temperature unit is an error", () => {
    const { batches, errors } = map(documentWith([{ type: "Temperature", value: 5, uom: "P1" }]));
    expect(batches).toEqual([]);
    expect(errors[0]?.title).toMatch(/uom.*CEL, FAH, KEL/);
  });

  test("the full GS1 vocabulary IRI names a type like its short name", () => {
    const { batches } = map(documentWith([{ type: "https://gs1.org/voc/RelativeHumidity", value: 40, uom: "P1" }]));
    expect(batches[0]?.readings[0]?.humidity).toBe(40);
  });
});

describe("the label", () => {
  test("an EPC URN's label id is what follows the company prefix", () => {
    expect(labelIdOf("urn:epc:id:giai:4000001.LBL-5FC6DC")).toBe("LBL-5FC6DC");
  });

  test("a GS1 Digital Link's label id is its last path segment whole", () => {
    expect(labelIdOf("https://id.gs1.org/8004/4000001LBL-5FC6DC")).toBe("4000001LBL-5FC6DC");
    expect(labelIdOf("https://id.gs1.org/8004/4000001LBL-5FC6DC?linkType=gs1:pip")).toBe("4000001LBL-5FC6DC");
  });

  test("without a deviceID the event's only epcList entry names the label", () => {
    const { batches } = map(fixture("no-time.json"));
    expect(batches.map((b) => b.labelId)).toEqual(["LBL-5FC6DC", "4000001LBL-77AA01"]);
  });

  test("an identifier that is no label id (sgtin serials with dots) is an error of the event", () => {
    const { batches, errors } = map(
      documentWith([{ type: "Temperature", value: 5, uom: "CEL", deviceID: "urn:epc:id:sgtin:4012345.011111.9876" }]),
    );
    expect(batches).toEqual([]);
    expect(errors[0]?.title).toMatch(/does not name a label id/);
  });
});

describe("bad values", () => {
  test("a value outside the physical range is an error, and none of that label's readings are kept", () => {
    const doc = documentWith([{ type: "Temperature", value: 5, uom: "CEL" }]);
    doc.epcisBody.eventList.push({
      ...(doc.epcisBody.eventList[0] as (typeof doc.epcisBody.eventList)[0]),
      eventTime: "2026-11-20T09:00:00Z",
      sensorElementList: [
        {
          sensorMetadata: { deviceID: "urn:epc:id:giai:4000001.LBL-1" },
          sensorReport: [{ type: "Temperature", value: 250, uom: "CEL" }],
        },
      ],
    });
    const { batches, errors } = map(doc);
    expect(batches).toEqual([]);
    expect(errors.map((e) => e.eventIndex)).toEqual([0, 1]);
    expect(errors[1]?.title).toMatch(/outside -100…100 °C/);
    expect(errors[0]?.title).toMatch(/all or nothing/);
  });

  test("an event without sensor data is accepted and gives nothing", () => {
    expect(map(documentWith([], { sensorElementList: undefined }))).toMatchObject({
      batches: [],
      ignored: [],
      errors: [],
    });
  });
});

describe("what is not an EPCIS document", () => {
  test("is refused with the field named", () => {
    expect(eventsOfDocument({ type: "Something", epcisBody: {} }).problems).toEqual([
      { id: "type", error: "must be EPCISDocument" },
      { id: "epcisBody.eventList", error: "must be a list of events" },
    ]);
    expect(
      eventsOfDocument({ type: "EPCISDocument", epcisBody: { eventList: [{ type: "ObjectEvent" }, 3] } }).problems,
    ).toEqual([{ id: "epcisBody.eventList.1", error: "must be an event with a type" }]);
  });
});

describe("names that are not ours", () => {
  test("`constructor` is neither a measurement type nor a unit", () => {
    const { batches, errors, ignored } = map(
      documentWith([
        { type: "constructor", value: 5, uom: "CEL" },
        { type: "Temperature", value: 5, uom: "constructor" },
      ]),
    );
    expect(batches).toEqual([]);
    expect(ignored.map((i) => i.sensorType)).toEqual(["constructor"]);
    expect(errors.map((e) => e.title)).toEqual([
      "sensorElementList.0.sensorReport.1.uom: Temperature must be in CEL, FAH, KEL",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { alarmAge, alarmCommentError, alarmOfEvent, alarmTitle } from "../../core/domain/alarms";

describe("the alarm an alert event raises", () => {
  it("a band reached is an alarm of its unit, with its side when the event names one", () => {
    expect(alarmOfEvent("excursionDetected", { unit: "temperature" })).toEqual({
      kind: "band",
      unit: "temperature",
      side: null,
      severity: "alarm",
    });
    expect(alarmOfEvent("excursionDetected", { unit: "humidity", side: "below" })).toMatchObject({ side: "below" });
    expect(alarmOfEvent("excursionDetected", { unit: "pressure", side: "sideways" })).toMatchObject({
      unit: null,
      side: null,
    });
  });

  it("a silent label is an alarm, a low battery a warning, a finished report none", () => {
    expect(alarmOfEvent("noSignal", {})).toEqual({ kind: "noSignal", unit: null, side: null, severity: "alarm" });
    expect(alarmOfEvent("batteryLow", { level: 10 })).toMatchObject({ kind: "batteryLow", severity: "warning" });
    expect(alarmOfEvent("reportFinished", {})).toBeNull();
  });
});

describe("an acknowledgement's comment", () => {
  it("needs at least 10 characters once trimmed", () => {
    expect(alarmCommentError(undefined)).toBe("Say what was done about the alarm");
    expect(alarmCommentError("   ")).toBe("Say what was done about the alarm");
    expect(alarmCommentError("  123456789  ")).toBe("The comment must be at least 10 characters");
    expect(alarmCommentError("1234567890")).toBeNull();
  });
});

describe("how an alarm reads", () => {
  it("names what raised it", () => {
    expect(alarmTitle({ kind: "band", unit: "temperature", side: "above" })).toBe("Temperature above");
    expect(alarmTitle({ kind: "band", unit: "shock", side: null })).toBe("Shock alarm");
    expect(alarmTitle({ kind: "noSignal", unit: null, side: null })).toBe("No signal");
    expect(alarmTitle({ kind: "batteryLow", unit: null, side: null })).toBe("Battery low");
  });

  it("says how long ago it was raised, to the minute", () => {
    const now = Date.parse("2026-11-01T12:05:30Z");
    expect(alarmAge("2026-11-01T10:00:00Z", now)).toBe("2 h 5 min ago");
    expect(alarmAge("2026-11-01T12:05:00Z", now)).toBe("just now");
    expect(alarmAge("2026-10-30T12:05:00Z", now)).toBe("2 d ago");
  });
});

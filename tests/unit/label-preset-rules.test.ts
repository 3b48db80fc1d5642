import { describe, expect, test } from "vitest";
import {
  firstStepWithError,
  NO_UNIT,
  PRESET_DEFAULTS,
  PRESET_STEPS,
  presetErrors,
  stepErrors,
  stepOfField,
  uniqueSlug,
} from "../../core/domain/label-preset";
import { SEED_PRESETS } from "../../server/seed/presets";
import {
  archiveChoiceOf,
  archiveFilters,
  unitFilters,
  unitsOf,
} from "../../src/resources/label-presets/preset-filters";
import {
  changedSettings,
  messagesById,
  toFormValues,
  toPresetInput,
} from "../../src/resources/label-presets/preset-form";
import { duration, humidityRange, temperatureRange } from "../../src/resources/label-presets/preset-format";
import {
  errorsAfterChange,
  firstInvalidStep,
  routeServerErrors,
  validateStep,
} from "../../src/resources/label-presets/wizard";

const valid = { ...PRESET_DEFAULTS, name: "Vaccines" };

describe("which wizard step owns each field", () => {
  test("every field of a preset belongs to a step before the review", () => {
    for (const field of Object.keys(PRESET_DEFAULTS)) {
      const step = stepOfField(field);
      expect(step, field).toBeDefined();
      expect(step).not.toBe("review");
    }
  });

  test("the name, recording and alarm settings are on General; thresholds on their unit's step", () => {
    expect(stepOfField("name")).toBe("general");
    expect(stepOfField("intervalMinutes")).toBe("general");
    expect(stepOfField("temperatureMax")).toBe("temperature");
    expect(stepOfField("humidityMin")).toBe("humidity");
    expect(stepOfField("shockThresholdG")).toBe("shockAndBattery");
    expect(stepOfField("batteryWarningLevel")).toBe("shockAndBattery");
  });

  test("an id that is no field belongs to no step", () => {
    expect(stepOfField("companyId")).toBeUndefined();
    expect(stepOfField("toString")).toBeUndefined();
  });

  test("errors on several steps send the wizard to the earliest", () => {
    expect(firstStepWithError(["batteryWarningLevel", "humidityMax", "name"])).toBe("general");
    expect(firstStepWithError(["batteryWarningLevel", "humidityMax"])).toBe("humidity");
    expect(firstStepWithError([])).toBeUndefined();
  });

  test("a server 400 goes back to the step of its field, with the message for that field", () => {
    const routed = routeServerErrors([{ id: "name", error: "A preset with this name already exists" }]);
    expect(PRESET_STEPS[routed.index]).toBe("general");
    expect(routed.messages).toEqual({ name: "A preset with this name already exists" });
    expect(routed.unplaced).toEqual([]);
  });

  test("a server error about no field of the form stays on the review, above the form", () => {
    const routed = routeServerErrors([{ id: "companyId", error: "must NOT have additional properties" }]);
    expect(PRESET_STEPS[routed.index]).toBe("review");
    expect(routed.unplaced).toEqual(["companyId: must NOT have additional properties"]);
  });
});

describe("step validation", () => {
  test("a step is held back only by its own fields", () => {
    const p = { ...valid, name: "", temperatureMin: 9, temperatureMax: 2 };
    expect(stepErrors(p, "general").map((e) => e.id)).toEqual(["name"]);
    expect(stepErrors(p, "temperature").map((e) => e.id)).toEqual(["temperatureMax"]);
    expect(stepErrors(p, "humidity")).toEqual([]);
  });

  test("switching temperature off does not block the steps before the last unit step", () => {
    const p = { ...valid, temperatureEnabled: false };
    expect(stepErrors(p, "temperature")).toEqual([]);
    expect(stepErrors(p, "humidity")).toEqual([]);
  });

  test("with no unit on, the shock and battery step says so under the shock switch", () => {
    const p = { ...valid, temperatureEnabled: false };
    expect(stepErrors(p, "shockAndBattery")).toEqual([{ id: "shockEnabled", error: NO_UNIT }]);
  });

  test("the server names the first unit switch for the same rule", () => {
    expect(presetErrors({ ...valid, temperatureEnabled: false })).toEqual([
      { id: "temperatureEnabled", error: NO_UNIT },
    ]);
  });

  test("the review step checks everything", () => {
    const p = { ...valid, name: "", batteryWarningLevel: 95 };
    expect(stepErrors(p, "review").map((e) => e.id)).toEqual(["name", "batteryWarningLevel"]);
  });

  test("temperature limits are written in the user's unit", () => {
    const p = { ...valid, temperatureMin: -45 };
    expect(presetErrors(p, { temperatureUnit: "fahrenheit" })).toEqual([
      { id: "temperatureMin", error: "Must be between -40 and 185 °F" },
    ]);
    expect(presetErrors(p)).toEqual([{ id: "temperatureMin", error: "Must be between -40 and 85 °C" }]);
  });

  test("minutes and the battery level must be whole numbers", () => {
    expect(presetErrors({ ...valid, alarmDelayMinutes: 1.5 })).toEqual([
      { id: "alarmDelayMinutes", error: "Must be a whole number of minutes" },
    ]);
    expect(presetErrors({ ...valid, batteryWarningLevel: 10.5 }).map((e) => e.id)).toEqual(["batteryWarningLevel"]);
  });

  test("validating a step in °F converts the typed values first", () => {
    // 35.6 °F = 2 °C and 46.4 °F = 8 °C: a valid range.
    const values = { ...toFormValues(null, "fahrenheit"), name: "x" };
    expect(values.temperatureMin).toBe(35.6);
    expect(validateStep(values, "temperature", "fahrenheit")).toEqual({});
    expect(validateStep({ ...values, temperatureMax: 30 }, "temperature", "fahrenheit")).toEqual({
      temperatureMax: "Must be above the minimum temperature",
    });
  });

  test("Review from a step walks every later step and stops at the first that fails", () => {
    const values = { ...toFormValues(null, "celsius"), name: "ok", shockEnabled: true, shockThresholdG: null };
    expect(firstInvalidStep(values, 0, "celsius")).toEqual({
      index: 3,
      errors: { shockThresholdG: "Enter a value" },
    });
    expect(firstInvalidStep({ ...values, shockThresholdG: 5 }, 0, "celsius")).toBeNull();
  });

  test("a missing value asks for one in plain words ('Enter a value', not 'Field is not optional')", () => {
    expect(validateStep({ ...toFormValues(null, "celsius"), name: "" }, "general", "celsius")).toEqual({
      name: "Enter a value",
    });
  });

  test("a message goes as soon as the value is fixed, also when the fix is in another field", () => {
    const values = { ...toFormValues(null, "celsius"), name: "x", temperatureMin: 9, temperatureMax: 8 };
    const errors = validateStep(values, "temperature", "celsius");
    expect(errors).toEqual({ temperatureMax: "Must be above the minimum temperature" });
    // Lowering the minimum fixes the maximum's message.
    expect(errorsAfterChange(errors, values, { temperatureMin: 2 }, "celsius")).toEqual({});
    // A change that does not fix it keeps it.
    expect(errorsAfterChange(errors, values, { temperatureMin: 8.5 }, "celsius")).toEqual(errors);
  });

  test("a server message on another field stays until that field changes (only the server can check it)", () => {
    const values = { ...toFormValues(null, "celsius"), name: "Pharma" };
    const errors = { name: "A preset with this name already exists" };
    expect(errorsAfterChange(errors, values, { temperatureMin: 3 }, "celsius")).toEqual(errors);
    expect(errorsAfterChange(errors, values, { name: "Pharma 2" }, "celsius")).toEqual({});
  });
});

describe("slugs", () => {
  test("create, a page of the presets pages, is never a slug", () => {
    expect(uniqueSlug("create", new Set())).toBe("create-2");
  });

  test("a slug shaped like an id gets a prefix", () => {
    expect(uniqueSlug("12345678-1234-4234-8234-123456789abc", new Set())).toBe(
      "preset-12345678-1234-4234-8234-123456789abc",
    );
  });
});

describe("temperatures in the form", () => {
  test("°F typed values are stored in °C to two decimals", () => {
    const input = toPresetInput({ ...toFormValues(null, "fahrenheit"), temperatureMin: 36 }, "fahrenheit");
    expect(input.temperatureMin).toBe(2.22);
    expect(input.temperatureMax).toBe(8);
  });

  test("an edit sends only what changed, so an untouched °F value is not written back rounded", () => {
    const preset = { ...valid, temperatureMin: 2.22, temperatureMax: 8 };
    const before = toFormValues(preset, "fahrenheit");
    expect(before.temperatureMin).toBe(36);
    expect(changedSettings(before, { ...before, description: "new" }, "fahrenheit")).toEqual({ description: "new" });
    expect(changedSettings(before, { ...before, temperatureMax: 50 }, "fahrenheit")).toEqual({ temperatureMax: 10 });
  });

  test("a field keeps its first message when the server sends several", () => {
    expect(
      messagesById([
        { id: "name", error: "first" },
        { id: "name", error: "second" },
      ]),
    ).toEqual({ name: "first" });
  });
});

describe("how presets read in the list", () => {
  test("ranges read 'min to max unit', temperatures in the user's unit", () => {
    expect(temperatureRange(2, 8, "celsius")).toBe("2 to 8 °C");
    expect(temperatureRange(2, 8, "fahrenheit")).toBe("35.6 to 46.4 °F");
    expect(humidityRange(30, 70)).toBe("30 to 70 %RH");
    expect(temperatureRange(null, 8, "celsius")).toBe("—");
  });

  test("durations read in hours and minutes", () => {
    expect(duration(0)).toBe("none");
    expect(duration(45)).toBe("45 min");
    expect(duration(90)).toBe("1 h 30 min");
    expect(duration(1440)).toBe("24 h");
  });

  test("the archived filter has three positions: all, active, archived", () => {
    expect(archiveFilters("all")).toEqual([]);
    expect(archiveChoiceOf(archiveFilters("active"))).toBe("active");
    expect(archiveChoiceOf(archiveFilters("archived"))).toBe("archived");
  });

  test("the units filter keeps presets measuring every chosen unit", () => {
    const filters = unitFilters(["humidity", "shock"]);
    expect(filters).toEqual([
      { key: "humidityEnabled", operator: "eq", value: "true" },
      { key: "shockEnabled", operator: "eq", value: "true" },
    ]);
    expect(unitsOf(filters)).toEqual(["humidity", "shock"]);
  });
});

test("every demo preset passes the preset rules", () => {
  for (const [company, presets] of Object.entries(SEED_PRESETS)) {
    for (const p of presets) expect(presetErrors(p), `${company}: ${p.name}`).toEqual([]);
  }
});

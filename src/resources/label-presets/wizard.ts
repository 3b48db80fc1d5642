import {
  firstStepWithError,
  PRESET_STEP_LABELS,
  PRESET_STEPS,
  type PresetFieldError,
  type PresetStep,
  stepErrors,
  stepOfField,
} from "@core/domain/label-preset";
import type { TemperatureUnit } from "@core/domain/units";
import { type FieldMessages, messagesById, type PresetFormValues, toPresetInput } from "./preset-form";

/** The create wizard's rules, out of the page so they can be tested alone. */

export const WIZARD_LABELS = PRESET_STEPS.map((step) => PRESET_STEP_LABELS[step]);
export const REVIEW_INDEX = PRESET_STEPS.indexOf("review");

/** What keeps the user on a step, in the domain's words, limits in their unit. */
export function validateStep(values: PresetFormValues, step: PresetStep, unit: TemperatureUnit): FieldMessages {
  return messagesById(stepErrors(toPresetInput(values, unit), step, { temperatureUnit: unit }));
}

/** The first step from `from` up to the review whose fields do not pass, or null when all do. */
export function firstInvalidStep(
  values: PresetFormValues,
  from: number,
  unit: TemperatureUnit,
): { index: number; errors: FieldMessages } | null {
  for (let index = from; index < REVIEW_INDEX; index++) {
    const errors = validateStep(values, PRESET_STEPS[index] as PresetStep, unit);
    if (Object.keys(errors).length) return { index, errors };
  }
  return null;
}

interface RoutedErrors {
  /** The step the wizard goes back to: the earliest one owning a field error. */
  index: number;
  messages: FieldMessages;
  /** Errors about no field of the form (shown above it). */
  unplaced: string[];
}

/** A server 400's field errors sent back to the step that owns each field. */
export function routeServerErrors(errors: readonly PresetFieldError[] | readonly { id: string; error: string }[]) {
  const placed = errors.filter((e) => stepOfField(e.id) !== undefined);
  const step = firstStepWithError(placed.map((e) => e.id));
  const routed: RoutedErrors = {
    index: step === undefined ? REVIEW_INDEX : PRESET_STEPS.indexOf(step),
    messages: messagesById(placed),
    unplaced: errors.filter((e) => stepOfField(e.id) === undefined).map((e) => `${e.id}: ${e.error}`),
  };
  return routed;
}

/**
 * The messages left after a change. The changed fields lose theirs (a server message too:
 * only the server can check it again); a client message on another field goes as soon as
 * the new values pass its rule (raising the minimum fixes "Must be above the minimum"),
 * while a message the client rules never gave stays: it came from the server.
 */
export function errorsAfterChange(
  errors: FieldMessages,
  before: PresetFormValues,
  changes: Partial<PresetFormValues>,
  unit: TemperatureUnit,
): FieldMessages {
  const keys = Object.keys(errors) as (keyof FieldMessages)[];
  if (keys.length === 0) return errors;
  const after = { ...before, ...changes };
  const clientBefore = validateStep(before, "review", unit);
  const clientAfter = validateStep(after, "review", unit);
  const next: FieldMessages = {};
  for (const key of keys) {
    // A band's field (`temperatureBands.2.limit`) goes with its list.
    if (key in changes || (key.split(".")[0] ?? key) in changes) continue;
    const fromServer = clientBefore[key] !== errors[key];
    if (fromServer || clientAfter[key]) next[key] = fromServer ? errors[key] : clientAfter[key];
  }
  return next;
}

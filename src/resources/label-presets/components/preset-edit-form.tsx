import { PRESET_STEP_LABELS, PRESET_STEPS, type PresetStep } from "@core/domain/label-preset";
import type { TemperatureUnit } from "@core/domain/units";
import { type HttpError, useUpdate } from "@refinedev/core";
import { Alert, Button, Card, Flex } from "antd";
import { useEffect, useRef, useState } from "react";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import type { LabelPreset } from "../../types";
import {
  changedSettings,
  type FieldMessages,
  messagesById,
  type PresetFormValues,
  serverFieldErrors,
  toFormValues,
} from "../preset-form";
import { errorsAfterChange, validateStep } from "../wizard";
import { STEP_FIELDS } from "./preset-fields";

const SECTIONS = PRESET_STEPS.filter((s): s is Exclude<PresetStep, "review"> => s !== "review");

/**
 * Editing a preset: the wizard's step forms as sections of one form. Only changed
 * settings are sent; the server's field errors show under their fields.
 */
export function PresetEditForm({
  preset,
  unit,
  onDone,
}: {
  preset: LabelPreset;
  unit: TemperatureUnit;
  onDone(saved?: LabelPreset): void;
}) {
  const [initial] = useState(() => toFormValues(preset, unit));
  const [values, setValues] = useState<PresetFormValues>(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync, mutation } = useUpdate<LabelPreset, HttpError, object>();
  const formRef = useRef<HTMLDivElement>(null);

  // After a failed save, bring the first message into view.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector("[aria-invalid='true'], [data-field-error]")?.scrollIntoView({ block: "center" });
  }, [errors]);

  const change = (changes: Partial<PresetFormValues>) => {
    setErrors((e) => errorsAfterChange(e, values, changes, unit));
    setValues((v) => ({ ...v, ...changes }));
  };

  const save = async () => {
    setFailure(null);
    const found = validateStep(values, "review", unit);
    setErrors(found);
    if (Object.keys(found).length) return;
    const changes = changedSettings(initial, values, unit);
    if (Object.keys(changes).length === 0) return onDone();
    try {
      const { data } = await mutateAsync({
        resource: RESOURCE.labelPresets,
        id: preset.slug,
        values: changes,
        successNotification: {
          type: "success",
          message: "Preset saved",
          description: `“${values.name.trim()}” is up to date.`,
        },
        errorNotification: false,
      });
      onDone(data);
    } catch (error) {
      const fieldErrors = serverFieldErrors((error as HttpError).errors as Record<string, unknown> | undefined);
      if (fieldErrors.length) setErrors(messagesById(fieldErrors));
      else setFailure(readableError(error as HttpError));
    }
  };

  const used = preset.reportCount ?? 0;
  return (
    <Flex vertical gap="middle" ref={formRef}>
      {used > 0 ? (
        <Alert
          type="info"
          showIcon
          message={`${used === 1 ? "1 label report uses" : `${used} label reports use`} this preset.`}
          description="Saving makes a new version: those reports keep the rule they were registered with; only reports registered from now on use the new one."
        />
      ) : null}
      {failure ? <Alert type="error" showIcon message="The preset was not saved" description={failure} /> : null}
      {SECTIONS.map((section) => {
        const Fields = STEP_FIELDS[section];
        return (
          <Card key={section} title={PRESET_STEP_LABELS[section]} size="small">
            <Fields values={values} onChange={change} errors={errors} unit={unit} />
          </Card>
        );
      })}
      <Flex gap="small" justify="flex-end">
        <Button onClick={() => onDone()}>Cancel</Button>
        <Button type="primary" onClick={save} loading={mutation.isPending}>
          Save changes
        </Button>
      </Flex>
    </Flex>
  );
}

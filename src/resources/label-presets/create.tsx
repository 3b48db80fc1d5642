import { PRESET_STEPS, type PresetStep } from "@core/domain/label-preset";
import { type HttpError, useCreate } from "@refinedev/core";
import { Alert, Button, Card, Flex, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { buildSteps, isNavigable, stepStatus } from "@/components/controls/progress-bar/progress-steps";
import { SteppedProgressBar } from "@/components/controls/progress-bar/stepped-progress-bar";
import { TitledPage } from "@/components/record/record-page";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import type { LabelPreset } from "../types";
import { STEP_FIELDS } from "./components/preset-fields";
import { PresetSummary } from "./components/preset-summary";
import styles from "./create.module.css";
import {
  type FieldMessages,
  type PresetFormValues,
  serverFieldErrors,
  toFormValues,
  toPresetInput,
} from "./preset-form";
import { useTemperatureUnit } from "./use-temperature-unit";
import {
  errorsAfterChange,
  firstInvalidStep,
  REVIEW_INDEX,
  routeServerErrors,
  validateStep,
  WIZARD_LABELS,
} from "./wizard";

/**
 * `/label-presets/create`: the preset in five steps. Next checks the step with the
 * domain's rules; nothing is saved until the review step's "Create preset"; a 400
 * from the server goes back to the step that owns the field, with its message.
 */
export function LabelPresetCreate() {
  const unit = useTemperatureUnit();
  const navigate = useNavigate();
  const [values, setValues] = useState<PresetFormValues>(() => toFormValues(null, unit));
  const [current, setCurrent] = useState(0);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [reachedReview, setReachedReview] = useState(false);
  const { mutateAsync, mutation } = useCreate<LabelPreset, HttpError, ReturnType<typeof toPresetInput>>();

  const step = PRESET_STEPS[current] as PresetStep;

  const change = (changes: Partial<PresetFormValues>) => {
    setErrors((e) => errorsAfterChange(e, values, changes, unit));
    setValues((v) => ({ ...v, ...changes }));
  };

  const goTo = (index: number) => {
    setCurrent(index);
    if (index === REVIEW_INDEX) setReachedReview(true);
  };

  /** Forward only past a step that passes; back any time. */
  const next = () => {
    const found = validateStep(values, step, unit);
    setErrors(found);
    if (Object.keys(found).length === 0) goTo(current + 1);
  };

  /** Back to the review after a correction: every step on the way must pass. */
  const review = () => {
    const invalid = firstInvalidStep(values, current, unit);
    if (invalid) {
      setErrors(invalid.errors);
      setCurrent(invalid.index);
    } else {
      setErrors({});
      goTo(REVIEW_INDEX);
    }
  };

  const navigateTo = (index: number) => {
    if (!isNavigable(stepStatus(index, current))) return;
    if (index > current) next();
    else goTo(index);
  };

  const save = async () => {
    setFailure([]);
    try {
      const { data } = await mutateAsync({
        resource: RESOURCE.labelPresets,
        values: toPresetInput(values, unit),
        successNotification: (result) => ({
          type: "success",
          message: "Preset created",
          description: `“${result?.data.name ?? values.name}” is ready for new labels.`,
        }),
        // Field errors show under their fields; other failures in the alert above the form.
        errorNotification: false,
      });
      navigate(`/label-presets/${encodeURIComponent(data.slug)}`);
    } catch (error) {
      const fieldErrors = serverFieldErrors((error as HttpError).errors as Record<string, unknown> | undefined);
      if (fieldErrors.length === 0) {
        setFailure([readableError(error as HttpError)]);
        return;
      }
      const routed = routeServerErrors(fieldErrors);
      setErrors(routed.messages);
      setFailure(routed.unplaced);
      setCurrent(routed.index);
    }
  };

  const Fields = step === "review" ? null : STEP_FIELDS[step];
  return (
    <TitledPage title="New label preset" backTo="/label-presets">
      <Card className={styles.card}>
        <Flex vertical gap="large">
          <SteppedProgressBar
            aria-label="Preset steps"
            steps={buildSteps(WIZARD_LABELS, current)}
            onNavigate={navigateTo}
          />
          <div className={styles.stepHeader}>
            <Typography.Title level={4}>{WIZARD_LABELS[current]}</Typography.Title>
            {step === "review" ? (
              <Typography.Text type="secondary">Check the settings, then create the preset.</Typography.Text>
            ) : null}
          </div>
          {failure.length ? (
            <Alert type="error" showIcon message="The preset was not saved" description={failure.join(" ")} />
          ) : null}
          {Fields ? (
            <Fields values={values} onChange={change} errors={errors} unit={unit} />
          ) : (
            <PresetSummary
              preset={toPresetInput(values, unit)}
              unit={unit}
              onEditStep={(s) => goTo(PRESET_STEPS.indexOf(s))}
            />
          )}
          <Flex justify="space-between" className={styles.footer}>
            <Button onClick={() => (current === 0 ? navigate("/label-presets") : goTo(current - 1))}>
              {current === 0 ? "Cancel" : "Back"}
            </Button>
            <Flex gap="small">
              {reachedReview && current < REVIEW_INDEX - 1 ? <Button onClick={review}>Review</Button> : null}
              {current < REVIEW_INDEX ? (
                <Button type="primary" onClick={next}>
                  Next
                </Button>
              ) : (
                <Button type="primary" onClick={save} loading={mutation.isPending}>
                  Create preset
                </Button>
              )}
            </Flex>
          </Flex>
        </Flex>
      </Card>
    </TitledPage>
  );
}

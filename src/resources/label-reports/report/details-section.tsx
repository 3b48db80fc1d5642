import { CHANGE_REASON_MIN_LENGTH, recordFieldReasonError } from "@core/domain/change-reason";
import {
  applyCustomFieldChanges,
  type CustomFieldDefinition,
  customFieldValueError,
  definitionsBinding,
} from "@core/domain/custom-fields";
import { recordFieldChanges } from "@core/domain/record-fields";
import { type HttpError, useUpdate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Flex, Form, Input, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { readableError } from "@/providers/readable-error";
import { CustomFieldInputs, customFieldChanges } from "@/resources/custom-fields/custom-field-inputs";
import { RESOURCE } from "@/resources/names";
import { auditTrailKey, type LabelReportDetail } from "./report-queries";
import { CustomFieldValues } from "./report-sections";

type Values = { customFields?: Record<string, unknown>; reason?: string };

const blank = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The report's custom-field values (the "Details" section): editable by whoever
 * may update the report, checked with the server's own rule (customFieldValueError) before
 * sending, saved by PATCH /label-reports/:id and shown in the audit trail. The server's
 * per-field answers (`customFields.<key>`) land under their fields. A new value of a field
 * that is part of the record asks for a reason (the server's rule, change-reason.ts) and
 * says that a standing signature will no longer stand.
 */
export function DetailsSection({
  report,
  definitions,
  editable,
}: {
  report: LabelReportDetail;
  definitions: readonly CustomFieldDefinition[];
  editable: boolean;
}) {
  if (!editable || definitions.length === 0)
    return <CustomFieldValues definitions={definitions} values={report.customFields} />;
  // A field made required after this report was registered is optional for it (the server's rule).
  return <DetailsForm report={report} definitions={definitionsBinding(definitions, report.created)} />;
}

function DetailsForm({
  report,
  definitions,
}: {
  report: LabelReportDetail;
  definitions: readonly CustomFieldDefinition[];
}) {
  const [form] = Form.useForm<Values>();
  const { mutate, mutation } = useUpdate<LabelReportDetail, HttpError>();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const stored = useMemo<Values>(
    () => ({ customFields: { ...(report.customFields ?? {}) } as Record<string, unknown> }),
    [report.customFields],
  );
  const watched = Form.useWatch("customFields", form);
  const changedRecordFields = useMemo(() => {
    const storedValues = stored.customFields ?? {};
    const next = applyCustomFieldChanges(definitions, storedValues, customFieldChanges(watched)).values;
    const changed = Object.keys(recordFieldChanges(definitions, storedValues, next).after);
    return definitions.filter((d) => changed.includes(d.key)).map((d) => d.name);
  }, [definitions, stored, watched]);
  const needsReason = changedRecordFields.length > 0;
  // A save elsewhere (another tab, a refetch) shows here unless the user is typing.
  useEffect(() => {
    if (!dirty) form.setFieldsValue(stored as Parameters<typeof form.setFieldsValue>[0]);
  }, [stored, dirty, form]);

  const save = (values: Values) => {
    setFailure(null);
    mutate(
      {
        resource: RESOURCE.labelReports,
        id: report.id,
        values: {
          customFields: customFieldChanges(values.customFields),
          ...(needsReason ? { reason: values.reason?.trim() } : {}),
        },
        successNotification: () => ({ type: "success", message: "Details saved" }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setDirty(false);
          void queryClient.invalidateQueries({ queryKey: auditTrailKey(report.id) });
        },
        onError: (error) => {
          const fields = Object.entries(error.errors ?? {}).filter(
            ([id]) => id.startsWith("customFields.") || id === "reason",
          );
          if (fields.length === 0) {
            setFailure(readableError(error));
            return;
          }
          form.setFields(
            fields.map(([id, message]) => ({
              name: id === "reason" ? "reason" : ["customFields", id.slice("customFields.".length)],
              errors: [String(message)],
            })),
          );
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={stored}
      onValuesChange={() => setDirty(true)}
      onFinish={save}
      aria-label="Details"
      style={{ maxWidth: 560 }}
    >
      {failure ? <Alert type="error" showIcon message="Could not save the details" description={failure} /> : null}
      <CustomFieldInputs definitions={definitions} rules={valueRules} />
      {needsReason ? (
        <Form.Item
          name="reason"
          label="Reason for changing the record"
          extra={`${changedRecordFields.join(", ")} ${changedRecordFields.length === 1 ? "is" : "are"} part of the record: the change is kept in the audit trail, and a signed disposition will no longer stand.`}
          rules={[
            {
              validator: async (_: unknown, value: string | undefined) => {
                const error = recordFieldReasonError(value);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} placeholder={`At least ${CHANGE_REASON_MIN_LENGTH} characters`} />
        </Form.Item>
      ) : null}
      <Flex gap="small" align="center">
        <Button type="primary" htmlType="submit" loading={mutation.isPending} disabled={!dirty}>
          Save details
        </Button>
        <Button
          disabled={!dirty || mutation.isPending}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue(stored as Parameters<typeof form.setFieldsValue>[0]);
            setDirty(false);
          }}
        >
          Cancel
        </Button>
        {dirty ? <Typography.Text type="secondary">Unsaved changes</Typography.Text> : null}
      </Flex>
    </Form>
  );
}

/** The server's value rule, before sending: an empty field means "no value". */
function valueRules(definition: CustomFieldDefinition) {
  return [
    {
      validator: async (_: unknown, value: unknown) => {
        if (blank(value)) return;
        const problem = customFieldValueError(definition, value);
        if (problem) throw new Error(`${definition.name} ${problem}`);
      },
    },
  ];
}

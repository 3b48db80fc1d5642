import type { CompanyChanges } from "@core/api/company-settings";
import type { TemperatureUnit } from "@core/domain/units";
import { type HttpError, useUpdate } from "@refinedev/core";
import { Alert, Button, Flex, Form, Input, Radio } from "antd";
import { useState } from "react";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import { showFieldErrors } from "../../people/form-errors";
import styles from "../../people/people.module.css";
import { CompanyTimeZone } from "../../settings/company/company-time-zone";
import type { Company } from "../../types";

interface Values {
  name: string;
  city: string;
  country: string;
  timeZone: string;
  temperatureUnit: TemperatureUnit;
}

const FIELDS = ["name", "city", "country", "timeZone", "temperatureUnit"] as const;

const toValues = (company: Company): Values => ({
  name: company.name,
  city: company.city ?? "",
  country: company.country ?? "",
  timeZone: company.timeZone,
  temperatureUnit: company.temperatureUnit === "fahrenheit" ? "fahrenheit" : "celsius",
});

/** Only what changed: a blank city or country clears it. */
function changesOf(before: Values, after: Values): CompanyChanges {
  const changes: CompanyChanges = {};
  if (after.name.trim() !== before.name) changes.name = after.name.trim();
  if (after.city.trim() !== before.city) changes.city = after.city.trim() || null;
  if (after.country.trim() !== before.country) changes.country = after.country.trim() || null;
  if (after.timeZone !== before.timeZone) changes.timeZone = after.timeZone;
  if (after.temperatureUnit !== before.temperatureUnit) changes.temperatureUnit = after.temperatureUnit;
  return changes;
}

/**
 * A sub-company's details as the distributor keeps them: name, place, time zone and unit.
 * The server's refusals show at their field (a name another sub-company has); anything
 * else above the buttons.
 */
export function SubCompanyEditForm({ company, onDone }: { company: Company; onDone(): void }) {
  const [form] = Form.useForm<Values>();
  const [initial] = useState(() => toValues(company));
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync, mutation } = useUpdate<Company, HttpError, CompanyChanges>();

  const save = async (values: Values) => {
    setFailure(null);
    const changes = changesOf(initial, values);
    if (Object.keys(changes).length === 0) return onDone();
    try {
      await mutateAsync({
        resource: RESOURCE.subCompanies,
        id: company.id,
        values: changes,
        successNotification: {
          type: "success",
          message: "Sub-company saved",
          description: `“${changes.name ?? company.name}” is up to date.`,
        },
        errorNotification: false,
      });
      onDone();
    } catch (error) {
      if (!showFieldErrors(form, error, FIELDS)) setFailure(readableError(error as HttpError));
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark="optional"
      initialValues={initial}
      onFinish={save}
      className={styles.formCard}
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: "Enter a name" }]}>
        <Input autoComplete="organization" maxLength={200} />
      </Form.Item>
      <div className={styles.fieldRow}>
        <Form.Item name="city" label="City">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="country" label="Country">
          <Input maxLength={100} />
        </Form.Item>
      </div>
      <Form.Item name="timeZone" label="Time zone" extra="Used for the sub-company's reports.">
        <CompanyTimeZone aria-label="Time zone" />
      </Form.Item>
      <Form.Item name="temperatureUnit" label="Temperature unit">
        <Radio.Group
          options={[
            { value: "celsius", label: "Celsius (°C)" },
            { value: "fahrenheit", label: "Fahrenheit (°F)" },
          ]}
        />
      </Form.Item>
      <Flex vertical gap="middle">
        {failure ? <Alert type="error" showIcon message="The sub-company was not saved" description={failure} /> : null}
        <Flex justify="end" gap="small">
          <Button onClick={onDone}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            Save changes
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

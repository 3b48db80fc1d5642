import { MAX_ALARM_ESCALATION_MINUTES, MIN_ALARM_ESCALATION_MINUTES } from "@core/domain/alarms";
import { MAX_INACTIVITY_SIGN_OUT_MINUTES, MIN_INACTIVITY_SIGN_OUT_MINUTES } from "@core/domain/session-inactivity";
import { Alert, Avatar, Button, Card, Flex, Form, Input, InputNumber, Radio, Skeleton } from "antd";
import { readableError } from "@/providers/readable-error";
import type { CompanySettings } from "../api";
import { CompanyTimeZone } from "./company-time-zone";
import { useCompanyForm } from "./use-company-form";

interface Values {
  name: string;
  logoInitial: string;
  timeZone: string;
  temperatureUnit: "celsius" | "fahrenheit";
  inactivitySignOutMinutes: number;
  alarmEscalationMinutes: number;
}

const toValues = (c: CompanySettings): Values => ({
  name: c.name,
  logoInitial: c.logoInitial ?? "",
  timeZone: c.timeZone,
  temperatureUnit: c.temperatureUnit,
  inactivitySignOutMinutes: c.inactivitySignOutMinutes,
  alarmEscalationMinutes: c.alarmEscalationMinutes,
});

/**
 * Settings > company settings > general: name, logo initial, default time zone, temperature
 * unit, how long members may be inactive before they are signed out, and how long an alarm
 * may stay unacknowledged before the administrators are e-mailed again.
 */
export function CompanyGeneral() {
  const { form, data, query, save, saving, canEdit } = useCompanyForm(toValues, "Company settings saved");
  const initial = Form.useWatch("logoInitial", form);
  const name = Form.useWatch("name", form);
  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!data) return <Skeleton active />;
  return (
    <Card>
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        style={{ maxWidth: 520 }}
        onFinish={(v: Values) => save({ ...v, logoInitial: v.logoInitial.trim() || null })}
      >
        <Form.Item
          name="name"
          label="Company name"
          rules={[{ required: true, whitespace: true, message: "Enter a name" }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Logo initial" extra="One or two letters shown as the company's logo.">
          <Flex gap="middle" align="center">
            <Avatar size="large" style={{ background: "#1f6f8b" }} aria-hidden>
              {(initial || name?.[0] || "?").toUpperCase()}
            </Avatar>
            <Form.Item name="logoInitial" noStyle>
              <Input maxLength={2} style={{ width: 80 }} aria-label="Logo initial" />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item
          name="timeZone"
          label="Default time zone"
          extra="Used for the company's reports unless a person chooses another zone."
          getValueProps={(value: string) => ({ value })}
        >
          <CompanyTimeZone />
        </Form.Item>
        <Form.Item
          name="temperatureUnit"
          label="Temperature unit"
          extra="The unit of every member who has not chosen one in Profile > Preferences."
        >
          <Radio.Group
            options={[
              { value: "celsius", label: "Celsius (°C)" },
              { value: "fahrenheit", label: "Fahrenheit (°F)" },
            ]}
          />
        </Form.Item>
        <MinutesField
          name="inactivitySignOutMinutes"
          label="Sign out after inactivity"
          extra="Members who do nothing in the dashboard for this long are signed out; signing in again brings them back to the page they were on. Waiting for data in the background does not count as activity."
          min={MIN_INACTIVITY_SIGN_OUT_MINUTES}
          max={MAX_INACTIVITY_SIGN_OUT_MINUTES}
        />
        <MinutesField
          name="alarmEscalationMinutes"
          label="E-mail administrators about unacknowledged alarms after"
          extra="An alarm nobody has acknowledged this long after it was raised is e-mailed once more to the company's administrators."
          min={MIN_ALARM_ESCALATION_MINUTES}
          max={MAX_ALARM_ESCALATION_MINUTES}
        />
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        )}
      </Form>
    </Card>
  );
}

/** A whole number of minutes within the company setting's bounds, its range as the field's error. */
function MinutesField({
  name,
  label,
  extra,
  min,
  max,
}: {
  name: string;
  label: string;
  extra: string;
  min: number;
  max: number;
}) {
  const range = `From ${min} to ${max} minutes`;
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[
        { required: true, message: range },
        { type: "integer", min, max, message: range },
      ]}
    >
      <InputNumber min={min} max={max} precision={0} addonAfter="minutes" style={{ width: 180 }} />
    </Form.Item>
  );
}

import { Button, Checkbox, Form, Select, Space, Switch } from "antd";
import { useOutletContext } from "react-router";
import { humanize } from "@/components/list/columns";
import type { ListOutletContext } from "@/components/list/use-resource-list";
import { type Filter, includesFilter, listItems } from "@/domain/list-query";
import { LABEL_STATUSES, listResource, TRANSPORT_MODES } from "@/domain/resources";
import { PanelLayout, usePanel } from "@/layouts/panel-layout";
import { applyFilters, listSearchString } from "@/providers/list-url";

const VIOLATIONS = ["temperatureViolation", "humidityViolation", "shockViolation", "batteryLow"] as const;
type Violation = (typeof VIOLATIONS)[number];
const VIOLATION_LABELS: Record<Violation, string> = {
  temperatureViolation: "Temperature violation",
  humidityViolation: "Humidity violation",
  shockViolation: "Shock violation",
  batteryLow: "Battery low",
};

interface FilterValues {
  status: string[];
  transportMode: string[];
  violations: Violation[];
  showArchived: boolean;
}

const FILTER_KEYS = ["status", "transportMode", "isArchived", ...VIOLATIONS];
const RESOURCE = listResource("label-reports");
const DEFAULT_FILTERS: Filter[] = [...RESOURCE.defaultFilters];

function itemsOf(filters: readonly Filter[], key: string): string[] {
  const filter = filters.find((f) => f.key === key);
  if (!filter) return [];
  return filter.operator === "includes" ? listItems(filter) : [filter.value];
}

function toValues(filters: readonly Filter[]): FilterValues {
  return {
    status: itemsOf(filters, "status"),
    transportMode: itemsOf(filters, "transportMode"),
    violations: VIOLATIONS.filter((key) => filters.some((f) => f.key === key && f.value === "true")),
    showArchived: !filters.some((f) => f.key === "isArchived" && f.operator === "eq" && f.value === "false"),
  };
}

function toFilters(values: FilterValues): Filter[] {
  const filters: Filter[] = [];
  if (values.status.length) filters.push(includesFilter("status", values.status));
  if (values.transportMode.length) filters.push(includesFilter("transportMode", values.transportMode));
  for (const key of values.violations) filters.push({ key, operator: "eq", value: "true" });
  if (!values.showArchived) filters.push({ key: "isArchived", operator: "eq", value: "false" });
  return filters;
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));

/** The label report filters, in a panel over the list; applying them updates the list's URL. */
export function LabelReportFilters() {
  return (
    <PanelLayout title="Filters" closeTo="/label-reports" extra={<FilterActions />}>
      <FilterForm />
    </PanelLayout>
  );
}

const FORM_ID = "label-report-filters";

function FilterActions() {
  return (
    <Space>
      <Button htmlType="reset" form={FORM_ID}>
        Reset
      </Button>
      <Button type="primary" htmlType="submit" form={FORM_ID}>
        Apply
      </Button>
    </Space>
  );
}

function FilterForm() {
  const { state, setListFilters } = useOutletContext<ListOutletContext>();
  const { close } = usePanel();
  const [form] = Form.useForm<FilterValues>();
  return (
    <Form<FilterValues>
      id={FORM_ID}
      form={form}
      layout="vertical"
      initialValues={toValues(state.filters)}
      onReset={() => form.setFieldsValue(toValues(DEFAULT_FILTERS))}
      onFinish={(values) => {
        const filters = toFilters(values);
        setListFilters(filters, FILTER_KEYS);
        // The list's URL with the new filters: the panel returns to it when it has closed.
        close(listSearchString(applyFilters(state, filters, FILTER_KEYS), RESOURCE));
      }}
    >
      <Form.Item name="status" label="Status">
        <Select mode="multiple" allowClear placeholder="Any status" options={options(LABEL_STATUSES)} />
      </Form.Item>
      <Form.Item name="transportMode" label="Transport">
        <Select mode="multiple" allowClear placeholder="Any transport" options={options(TRANSPORT_MODES)} />
      </Form.Item>
      <Form.Item name="violations" label="Only reports with">
        <Checkbox.Group options={VIOLATIONS.map((value) => ({ value, label: VIOLATION_LABELS[value] }))} />
      </Form.Item>
      <Form.Item name="showArchived" label="Show archived reports" valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

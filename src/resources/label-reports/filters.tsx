import { listCustomFields } from "@core/domain/custom-fields";
import { DISPOSITION_LABELS, DISPOSITIONS } from "@core/domain/disposition";
import { BAND_SEVERITIES, SEVERITY_TEXT } from "@core/domain/limit-bands";
import type { Filter } from "@core/domain/list-query";
import { LABEL_STATUSES, listResource, TRANSPORT_MODES } from "@core/domain/resources";
import { Button, Checkbox, Form, Select, Space, Switch } from "antd";
import { useEffect, useMemo, useRef } from "react";
import { useOutletContext } from "react-router";
import { DatePicker } from "@/components/controls/date-picker";
import { type DateRange, fromDay, toDay } from "@/components/controls/date-picker/date-picker-state";
import { FormCheckboxGroup } from "@/components/controls/form-groups/form-groups";
import { humanize } from "@/components/list/columns";
import { useInstantFormat } from "@/components/list/date-time-text";
import type { ListOutletContext } from "@/components/list/resource-list";
import { useSeesSeveralCompanies } from "@/hooks/use-access";
import { PanelLayout, usePanel } from "@/layouts/panel-layout";
import { applyFilters, listSearchString } from "@/providers/list-url";
import { customFieldFilterKeys, toCustomFieldFilters, toCustomFieldValues } from "./custom-field-filter-values";
import {
  CustomFieldFilterItems,
  type CustomFieldFormValues,
  customFieldsFromForm,
  customFieldsToForm,
} from "./custom-field-filters";
import { useCompanyOptions, usePresetOptions } from "./filter-options";
import { FILTER_KEYS, type FilterValues, toFilters, toValues, VIOLATION_LABELS, VIOLATIONS } from "./filter-values";
import { useListCustomFieldDefinitions } from "./use-list-custom-field-definitions";

const RESOURCE = listResource("label-reports");
const DEFAULT_FILTERS: Filter[] = [...RESOURCE.defaultFilters];

/** The form holds the picker's value; the wire filters hold days. */
type FormValues = Omit<FilterValues, "started"> & { started: DateRange | null; customFields?: CustomFieldFormValues };

const toForm = (values: FilterValues): FormValues => ({
  ...values,
  started: values.started ? { start: fromDay(values.started.from), end: fromDay(values.started.to) } : null,
});

const fromForm = (values: FormValues): FilterValues => ({
  ...values,
  status: values.status ?? [],
  transportMode: values.transportMode ?? [],
  presetId: values.presetId ?? [],
  disposition: values.disposition ?? [],
  severity: values.severity ?? [],
  violations: values.violations ?? [],
  companyId: values.companyId ?? [],
  anyViolation: values.anyViolation ?? false,
  awaitingDisposition: values.awaitingDisposition ?? false,
  started: values.started ? { from: toDay(values.started.start), to: toDay(values.started.end) } : null,
});

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
  const { state } = useOutletContext<ListOutletContext>();
  const { timeZone } = useInstantFormat();
  const { close } = usePanel();
  const [form] = Form.useForm<FormValues>();
  const presets = usePresetOptions(true);
  const severalCompanies = useSeesSeveralCompanies();
  const companies = useCompanyOptions(severalCompanies);
  const { definitions, companyId } = useListCustomFieldDefinitions();
  const customFields = useMemo(() => listCustomFields(definitions, companyId), [definitions, companyId]);
  // The definitions may come after the form has mounted: their controls then start from
  // the list's filters as they were when the panel opened.
  const openedWith = useRef(state.filters);
  useEffect(() => {
    if (customFields.length)
      form.setFieldsValue({
        customFields: customFieldsToForm(toCustomFieldValues(openedWith.current, customFields), customFields),
      });
  }, [customFields, form]);
  return (
    <Form<FormValues>
      id={FORM_ID}
      form={form}
      layout="vertical"
      initialValues={toForm(toValues(state.filters, timeZone))}
      onReset={() =>
        form.setFieldsValue({
          ...toForm(toValues(DEFAULT_FILTERS, timeZone)),
          customFields: customFieldsToForm(toCustomFieldValues([], customFields), customFields),
        })
      }
      onFinish={(values) => {
        const filters = [
          ...toFilters(fromForm(values), timeZone),
          ...toCustomFieldFilters(customFieldsFromForm(values.customFields, customFields), customFields),
        ];
        // The form owns every custom-field filter, also one on a field no longer defined.
        const replaced = [...FILTER_KEYS, ...customFieldFilterKeys(state.filters)];
        // The list's URL with the new filters: the panel closes onto it, in the panel's place,
        // so Back goes to the list as it was before the filters were applied.
        close(listSearchString(applyFilters(state, filters, replaced), RESOURCE));
      }}
    >
      {severalCompanies ? (
        <Form.Item name="companyId" label="Company">
          <Select
            mode="multiple"
            allowClear
            placeholder="Any company"
            loading={companies.loading}
            options={companies.options}
            optionFilterProp="label"
          />
        </Form.Item>
      ) : null}
      <Form.Item name="status" label="Status">
        <Select mode="multiple" allowClear placeholder="Any status" options={options(LABEL_STATUSES)} />
      </Form.Item>
      <Form.Item name="presetId" label="Preset">
        <Select
          mode="multiple"
          allowClear
          placeholder="Any preset"
          loading={presets.loading}
          options={presets.options}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="disposition" label="Disposition">
        <Select
          mode="multiple"
          allowClear
          placeholder="Any disposition"
          options={DISPOSITIONS.map((value) => ({ value, label: DISPOSITION_LABELS[value] }))}
        />
      </Form.Item>
      <Form.Item name="severity" label="Worst severity">
        <Select
          mode="multiple"
          allowClear
          placeholder="Any severity"
          options={BAND_SEVERITIES.map((value) => ({ value, label: SEVERITY_TEXT[value] }))}
        />
      </Form.Item>
      <Form.Item name="started" label="Started between">
        <DatePicker mode="range" aria-label="Started between" value={null} onChange={() => undefined} />
      </Form.Item>
      <Form.Item name="transportMode" label="Transport">
        <Select mode="multiple" allowClear placeholder="Any transport" options={options(TRANSPORT_MODES)} />
      </Form.Item>
      <Form.Item name="violations" label="Only reports with">
        <FormCheckboxGroup options={VIOLATIONS.map((value) => ({ value, label: VIOLATION_LABELS[value] }))} />
      </Form.Item>
      <Form.Item name="anyViolation" valuePropName="checked" noStyle>
        <Checkbox>Any violation (temperature, humidity or shock)</Checkbox>
      </Form.Item>
      <Form.Item name="awaitingDisposition" valuePropName="checked">
        <Checkbox>No disposition signed yet</Checkbox>
      </Form.Item>
      <Form.Item name="showArchived" label="Show archived reports" valuePropName="checked">
        <Switch />
      </Form.Item>
      <CustomFieldFilterItems definitions={customFields} />
    </Form>
  );
}

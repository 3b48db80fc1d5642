import { Edit, useForm, useSelect } from "@refinedev/antd";
import { Form, Input, Select } from "antd";

/** The template's blog-post edit (useForm, useSelect of the other resource), without the markdown editor. */
export const LabelReportEdit = () => {
  const { formProps, saveButtonProps, query } = useForm({});
  const { selectProps: presetSelectProps } = useSelect({
    resource: "label-presets",
    optionLabel: "name",
    defaultValue: query?.data?.data?.presetId,
  });

  return (
    <Edit saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical">
        <Form.Item label="Label" name={["labelId"]} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Reference" name={["reference"]}>
          <Input />
        </Form.Item>
        <Form.Item label="Preset" name={["presetId"]}>
          <Select {...presetSelectProps} />
        </Form.Item>
        <Form.Item label="Status" name={["status"]} rules={[{ required: true }]}>
          <Select
            options={[
              { value: "notStarted", label: "Not started" },
              { value: "recording", label: "Recording" },
              { value: "stopped", label: "Stopped" },
              { value: "ended", label: "Ended" },
            ]}
          />
        </Form.Item>
      </Form>
    </Edit>
  );
};

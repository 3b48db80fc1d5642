import type { CustomFieldDefinition, CustomFieldType } from "@core/domain/custom-fields";
import { useInvalidate } from "@refinedev/core";
import { createColumnHelper } from "@tanstack/react-table";
import { Button, Popconfirm, Space, Tooltip } from "antd";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { SETTINGS_URL, useSettingsMutation } from "@/resources/settings/api";

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  select: "Select",
};

const column = createColumnHelper<CustomFieldDefinition>();

function DeleteField({ field }: { field: CustomFieldDefinition }) {
  const { mutate } = useSettingsMutation();
  const invalidate = useInvalidate();
  // Its values are in signed records (the server answers 409): said here, before anyone tries.
  if (field.partOfRecord)
    return (
      <Tooltip title="Part of the record: its values are in signed reports, so it stays. Rename it instead.">
        <Button danger disabled aria-label={`Delete ${field.name}`}>
          Delete
        </Button>
      </Tooltip>
    );
  return (
    <Popconfirm
      title={`Delete "${field.name}"?`}
      description="Reports keep their values, but they are no longer shown."
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        mutate(
          {
            url: `${SETTINGS_URL.customFields}/${field.id}`,
            method: "delete",
            values: {},
            successNotification: { message: `Custom field "${field.name}" deleted`, type: "success" },
          },
          { onSuccess: () => void invalidate({ resource: SETTINGS_URL.customFields, invalidates: ["list"] }) },
        )
      }
    >
      <Button danger aria-label={`Delete ${field.name}`}>
        Delete
      </Button>
    </Popconfirm>
  );
}

interface Options {
  canUpdate: boolean;
  canDelete: boolean;
  edit: (field: CustomFieldDefinition) => void;
}

/**
 * The custom-field table. The hidden companyId column is what the page filters on:
 * a distributor reads its sub-companies' fields too, but settles only its own here.
 */
export function customFieldColumns({ canUpdate, canDelete, edit }: Options) {
  return [
    column.accessor("name", { header: "Name", enableSorting: false }),
    column.display({ id: "key", header: "Key", cell: ({ row }) => <code>{row.original.key}</code> }),
    column.display({ id: "type", header: "Type", cell: ({ row }) => CUSTOM_FIELD_TYPE_LABELS[row.original.type] }),
    column.display({
      id: "options",
      header: "Options",
      cell: ({ row: { original: f } }) =>
        f.options.length ? f.options.map((o) => <PlainTag key={o}>{o}</PlainTag>) : "—",
    }),
    column.display({ id: "required", header: "Required", cell: ({ row }) => (row.original.required ? "Yes" : "No") }),
    column.display({
      id: "partOfRecord",
      header: "Part of the record",
      cell: ({ row }) => (row.original.partOfRecord ? "Yes" : "No"),
    }),
    column.display({
      id: "actions",
      header: "",
      meta: { align: "right" },
      cell: ({ row: { original: f } }) => (
        <Space>
          {canUpdate && (
            <Button onClick={() => edit(f)} aria-label={`Edit ${f.name}`}>
              Edit
            </Button>
          )}
          {canDelete && <DeleteField field={f} />}
        </Space>
      ),
    }),
    column.accessor("companyId", { enableSorting: false, filterFn: "equals" }),
  ];
}

import { DateField, DeleteButton, EditButton, List, useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Space, Table } from "antd";

/** The template's blog-post list (useTable, fields, row actions) on label reports. */
export const LabelReportList = () => {
  const { tableProps } = useTable({
    syncWithLocation: true,
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: "created", order: "desc" }] },
  });

  return (
    <List>
      <Table {...tableProps} rowKey="id">
        <Table.Column dataIndex="labelId" title="Label" />
        <Table.Column dataIndex="reference" title="Reference" />
        <Table.Column dataIndex="status" title="Status" />
        <Table.Column dataIndex="presetName" title="Preset" />
        <Table.Column dataIndex="origin" title="Origin" />
        <Table.Column dataIndex="destination" title="Destination" />
        <Table.Column dataIndex={["created"]} title="Created" render={(value: string) => <DateField value={value} />} />
        <Table.Column
          title="Actions"
          dataIndex="actions"
          render={(_, record: BaseRecord) => (
            <Space>
              <EditButton hideText size="small" recordItemId={record.id} />
              <DeleteButton hideText size="small" recordItemId={record.id} />
            </Space>
          )}
        />
      </Table>
    </List>
  );
};

import { ArrowLeftOutlined } from "@ant-design/icons";
import type { BaseKey, BaseRecord } from "@refinedev/core";
import { Button, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { ColumnSpec } from "@/components/list/columns";
import type { ResourceName } from "@/resources/names";
import { RecordDetails } from "./record-details";

/** A titled page with a back button. */
export function TitledPage({ title, backTo, children }: { title: string; backTo?: string; children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap="middle">
      <Flex align="center" gap="small">
        {backTo ? (
          <Button type="text" aria-label="Back" icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)} />
        ) : null}
        <Typography.Title level={2}>{title}</Typography.Title>
      </Flex>
      {children}
    </Flex>
  );
}

/** One record on its own page. */
export function RecordPage<T extends BaseRecord>({
  title,
  backTo,
  resource,
  id,
  fields,
}: {
  title: string;
  backTo: string;
  resource: ResourceName;
  id: BaseKey | undefined;
  fields: ColumnSpec<T>[];
}) {
  return (
    <TitledPage title={title} backTo={backTo}>
      <RecordDetails<T> resource={resource} id={id} fields={fields} />
    </TitledPage>
  );
}

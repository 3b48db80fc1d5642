import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";

/** A titled page with a back button, and the record's actions (edit, delete) at the title's end. */
export function TitledPage({
  title,
  backTo,
  actions,
  children,
}: {
  title: string;
  backTo?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap="middle">
      <Flex align="center" justify="space-between" wrap gap="small">
        <Flex align="center" gap="small">
          {backTo ? (
            <Button type="text" aria-label="Back" icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)} />
          ) : null}
          <Typography.Title level={2}>{title}</Typography.Title>
        </Flex>
        {actions}
      </Flex>
      {children}
    </Flex>
  );
}

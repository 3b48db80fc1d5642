import type { NotificationSettingsInput } from "@core/api/notification-setting";
import { Alert, Button, Card, Flex, Skeleton, Switch, Table, Typography } from "antd";
import { useEffect, useState } from "react";
import { readableError } from "@/providers/readable-error";
import { SETTINGS_URL, useSettingsDocument, useSettingsMutation } from "../api";
import type { NotificationSetting } from "../types";

type AlertKey = "excursionDetected" | "reportFinished" | "batteryLow";

const ALERTS: { key: AlertKey; title: string }[] = [
  { key: "excursionDetected", title: "Excursion detected" },
  { key: "reportFinished", title: "Report finished" },
  { key: "batteryLow", title: "Battery low" },
];

/** Settings > profile > notifications: which e-mail alerts you get, for each of your companies. */
export function ProfileNotifications() {
  const { data, query } = useSettingsDocument<NotificationSetting[]>(SETTINGS_URL.notifications);
  const [rows, setRows] = useState<NotificationSetting[]>([]);
  const { mutate, mutation } = useSettingsMutation<NotificationSetting[] & Record<string, unknown>>();
  useEffect(() => {
    if (data) setRows(data);
  }, [data]);
  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!data) return <Skeleton active />;

  const toggle = (companyId: string, key: AlertKey, on: boolean) =>
    setRows((current) => current.map((row) => (row.companyId === companyId ? { ...row, [key]: on } : row)));
  const changed = JSON.stringify(rows) !== JSON.stringify(data);

  return (
    <Card>
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          E-mail alerts are set per company: choose what each company may send you.
        </Typography.Text>
        <Table<NotificationSetting>
          rowKey="companyId"
          pagination={false}
          // Its own sideways scroll on a phone: the page keeps the screen's width.
          scroll={{ x: "max-content" }}
          dataSource={rows}
          columns={[
            { key: "company", title: "Company", dataIndex: "companyName" },
            ...ALERTS.map(({ key, title }) => ({
              key,
              title,
              render: (_: unknown, row: NotificationSetting) => (
                <Switch
                  checked={row[key]}
                  aria-label={`${title} e-mails from ${row.companyName}`}
                  onChange={(on) => toggle(row.companyId, key, on)}
                />
              ),
            })),
          ]}
        />
        <div>
          <Button
            type="primary"
            disabled={!changed}
            loading={mutation.isPending}
            onClick={() =>
              mutate(
                {
                  url: SETTINGS_URL.notifications,
                  method: "put",
                  values: rows.map(({ companyName: _name, ...setting }) => setting) satisfies NotificationSettingsInput,
                  successNotification: { message: "Notification settings saved", type: "success" },
                },
                { onSuccess: () => query.refetch() },
              )
            }
          >
            Save
          </Button>
        </div>
      </Flex>
    </Card>
  );
}

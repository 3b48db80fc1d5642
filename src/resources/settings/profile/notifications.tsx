import type { NotificationSettingsInput } from "@core/api/notification-setting";
import { alertChannelsError, NEEDS_PHONE_MESSAGE } from "@core/domain/alert-channels";
import { formatPhone } from "@core/domain/phone";
import { Alert, Button, Card, Flex, Skeleton, Switch, Table, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { readableError } from "@/providers/readable-error";
import { SETTINGS_URL, useSettingsDocument, useSettingsMutation } from "../api";
import type { NotificationSetting, Profile } from "../types";

type AlertKey = "excursionDetected" | "reportFinished" | "batteryLow";
type ChannelKey = "byEmail" | "byTextMessage";

const ALERTS: { key: AlertKey; title: string }[] = [
  { key: "excursionDetected", title: "Excursion detected" },
  { key: "reportFinished", title: "Report finished" },
  { key: "batteryLow", title: "Battery low" },
];

const CHANNELS: { key: ChannelKey; title: string; label: string }[] = [
  { key: "byEmail", title: "By e-mail", label: "by e-mail" },
  { key: "byTextMessage", title: "By text message", label: "by text message" },
];

/**
 * Settings > profile > notifications: which alerts you get, for each of your companies,
 * and how: by e-mail and/or by text message to the phone number of your profile. Without
 * a phone number the text message switch is off and says where to add one (the server
 * refuses it too, as it does when it has no e-mail-to-SMS gateway).
 */
export function ProfileNotifications() {
  const { data, query } = useSettingsDocument<NotificationSetting[]>(SETTINGS_URL.notifications);
  const { data: profile } = useSettingsDocument<Profile>(SETTINGS_URL.me);
  const [rows, setRows] = useState<NotificationSetting[]>([]);
  const { mutate, mutation } = useSettingsMutation<NotificationSetting[] & Record<string, unknown>>();
  useEffect(() => {
    if (data) setRows(data);
  }, [data]);
  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!data || !profile) return <Skeleton active />;
  const phone = profile.phone;

  const toggle = (companyId: string, key: AlertKey | ChannelKey, on: boolean) =>
    setRows((current) => current.map((row) => (row.companyId === companyId ? { ...row, [key]: on } : row)));
  const changed = JSON.stringify(rows) !== JSON.stringify(data);

  return (
    <Card>
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          Alerts are set per company: choose what each company may send you, and whether by e-mail, by text message
          {phone ? ` to ${formatPhone(phone)}` : ""} or both.
        </Typography.Text>
        {phone ? null : (
          <Alert
            type="info"
            showIcon
            message={NEEDS_PHONE_MESSAGE}
            action={<Link to="/settings/profile/personal-details">Add a phone number</Link>}
          />
        )}
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
                  aria-label={`${title} alerts from ${row.companyName}`}
                  onChange={(on) => toggle(row.companyId, key, on)}
                />
              ),
            })),
            ...CHANNELS.map(({ key, title, label }) => ({
              key,
              title,
              render: (_: unknown, row: NotificationSetting) => (
                <Switch
                  checked={row[key]}
                  aria-label={`Alerts from ${row.companyName} ${label}`}
                  // A flip the server would refuse (a text message without a phone number, no channel at all) is not offered.
                  disabled={
                    alertChannelsError(
                      { byEmail: row.byEmail, byTextMessage: row.byTextMessage, [key]: !row[key] },
                      { hasPhone: Boolean(phone), textMessagesAvailable: true },
                    ) !== null
                  }
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

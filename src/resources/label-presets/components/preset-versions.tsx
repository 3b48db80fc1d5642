import { type HttpError, useCustom } from "@refinedev/core";
import { Alert, Table, Typography } from "antd";
import { useEffect } from "react";
import { DateTimeText } from "@/components/list/date-time-text";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";

/** One entry of GET /api/label-presets/{id}/versions. */
export interface PresetVersion {
  version: number;
  changedAt: string;
  changedBy: { name: string; email: string } | null;
  changes: string[];
  reportCount: number;
}

const SETTING_LABELS: Record<string, string> = {
  name: "name",
  description: "description",
  temperatureEnabled: "temperature on/off",
  temperatureMin: "lowest temperature",
  temperatureMax: "highest temperature",
  humidityEnabled: "humidity on/off",
  humidityMin: "lowest humidity",
  humidityMax: "highest humidity",
  shockEnabled: "shock on/off",
  shockThresholdG: "shock threshold",
  alarmDelayMinutes: "alarm delay",
  alarmType: "alarm type",
  intervalMinutes: "logging interval",
  startDelayMinutes: "start delay",
  batteryWarningLevel: "battery warning level",
};

/** What a version changed, in words ("Created" for the first). */
export function versionChangesText(entry: Pick<PresetVersion, "version" | "changes">): string {
  if (entry.changes.length === 0) return entry.version === 1 ? "Created" : "—";
  const words = entry.changes.map((key) => SETTING_LABELS[key] ?? key).join(", ");
  return `Changed ${words}`;
}

/**
 * The preset's versions: a report keeps the version it was registered with, so the
 * history says which rule judges how many reports.
 */
export function PresetVersions({ presetId, version }: { presetId: string; version: number | undefined }) {
  const { query } = useCustom<PresetVersion[] & Record<string, unknown>, HttpError>({
    url: `${RESOURCE.labelPresets}/${presetId}/versions`,
    method: "get",
    errorNotification: false,
  });
  const { refetch } = query;
  // A saved edit raises the preset's version: the history then has a new row.
  useEffect(() => {
    if (version !== undefined) void refetch();
  }, [version, refetch]);
  if (query.isError) {
    return (
      <Alert type="error" showIcon message="Could not load the versions" description={readableError(query.error)} />
    );
  }
  const rows = (query.data?.data ?? []) as PresetVersion[];
  return (
    <section aria-label="Versions">
      <Typography.Title level={4}>Versions</Typography.Title>
      <Table<PresetVersion>
        size="small"
        rowKey="version"
        loading={query.isLoading}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: "Version", dataIndex: "version", width: 90 },
          { title: "When", dataIndex: "changedAt", render: (value: string) => <DateTimeText value={value} /> },
          {
            title: "Who",
            dataIndex: "changedBy",
            render: (by: PresetVersion["changedBy"]) =>
              !by ? "—" : by.name === by.email ? by.email : `${by.name} (${by.email})`,
          },
          { title: "What", key: "changes", render: (_: unknown, row) => versionChangesText(row) },
          {
            title: "Reports",
            dataIndex: "reportCount",
            width: 100,
            align: "right",
          },
        ]}
      />
    </section>
  );
}

import type { LabelPresetVersionRecord } from "@core/api/label-preset";
import { PRESET_SETTING_NAMES, PRESET_SETTINGS } from "@core/domain/label-preset";
import { type HttpError, useCustom } from "@refinedev/core";
import { Alert, Table, Typography } from "antd";
import { useEffect } from "react";
import { DateTimeText } from "@/components/list/date-time-text";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";

/** How the history names each field: the settings' own words (core/domain/label-preset.ts). */
const SETTING_LABELS: Record<string, string> = {
  name: "name",
  description: "description",
  ...Object.fromEntries(PRESET_SETTING_NAMES.map((key) => [key, PRESET_SETTINGS[key].label])),
};

/** What a version changed, in words ("Created" for the first). */
function versionChangesText(entry: Pick<LabelPresetVersionRecord, "version" | "changes">): string {
  if (entry.changes.length === 0) return entry.version === 1 ? "Created" : "—";
  const words = entry.changes.map((key) => SETTING_LABELS[key] ?? key).join(", ");
  return `Changed ${words}`;
}

/**
 * The preset's versions: a report keeps the version it was registered with, so the
 * history says which rule judges how many reports.
 */
export function PresetVersions({ presetId, version }: { presetId: string; version: number | undefined }) {
  const { query } = useCustom<LabelPresetVersionRecord[] & Record<string, unknown>, HttpError>({
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
  const rows = (query.data?.data ?? []) as LabelPresetVersionRecord[];
  return (
    <section aria-label="Versions">
      <Typography.Title level={4}>Versions</Typography.Title>
      <Table<LabelPresetVersionRecord>
        size="small"
        rowKey="version"
        loading={query.isLoading}
        pagination={false}
        // Its own sideways scroll on a phone: the page keeps the screen's width.
        scroll={{ x: "max-content" }}
        dataSource={rows}
        columns={[
          { title: "Version", dataIndex: "version", width: 90 },
          { title: "When", dataIndex: "changedAt", render: (value: string) => <DateTimeText value={value} /> },
          {
            title: "Who",
            dataIndex: "changedBy",
            render: (by: LabelPresetVersionRecord["changedBy"]) =>
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

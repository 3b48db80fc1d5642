import { Flex } from "antd";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { type ColumnSpec, dateColumn, textColumn } from "@/components/list/columns";
import type { LabelPreset } from "../types";
import styles from "./columns.module.css";
import { PresetActions } from "./components/preset-actions";
import { PresetUnits } from "./components/preset-units";

export const labelPresetColumns: ColumnSpec<LabelPreset>[] = [
  textColumn("name", "Name", {
    render: (preset) => (
      <Flex vertical>
        <span>
          {preset.name}
          {preset.isArchived ? (
            <PlainTag bordered={false} className={styles.archived}>
              Archived
            </PlainTag>
          ) : null}
        </span>
        {preset.description ? (
          <span className={styles.description} title={preset.description}>
            {preset.description}
          </span>
        ) : null}
      </Flex>
    ),
  }),
  { key: "units", title: "Units and ranges", render: (preset) => <PresetUnits preset={preset} /> },
  textColumn("reportCount", "Reports using it", {
    render: (preset) => <span className={styles.count}>{preset.reportCount ?? 0}</span>,
  }),
  dateColumn("created", "Created"),
  { key: "actions", title: "Actions", render: (preset) => <PresetActions preset={preset} compact /> },
];

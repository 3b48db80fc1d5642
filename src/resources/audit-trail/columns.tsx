import type { AuditListEntry } from "@core/api/audit-entry";
import { auditChangeText } from "@core/domain/audit-text";
import { auditActionLabel, auditEntityLabel } from "@core/domain/audit-trail";
import { Typography } from "antd";
import { type ColumnSpec, dateColumn } from "@/components/list/columns";
import { useInstantFormat } from "@/components/list/date-time-text";
import styles from "./audit-trail.module.css";

const EMPTY = "—";

/** Record ids are long: the first block tells them apart on screen; the whole id is its tooltip and in the CSV. */
const shortId = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…` : id);

/** The audit trail's columns: when, who, what (record type and action), which record, old → new, why. */
export const auditColumns: ColumnSpec<AuditListEntry>[] = [
  dateColumn("at", "When"),
  { key: "actor", title: "Who", render: (entry) => entry.actor ?? "System" },
  {
    key: "action",
    title: "What",
    render: (entry) => `${auditEntityLabel(entry.entity)} · ${auditActionLabel(entry.action)}`,
  },
  {
    key: "entityId",
    title: "Record",
    render: (entry) =>
      entry.entityId ? (
        <Typography.Text code title={entry.entityId}>
          {shortId(entry.entityId)}
        </Typography.Text>
      ) : (
        EMPTY
      ),
  },
  {
    key: "change",
    title: "Change",
    render: (entry) => <ChangeText entry={entry} />,
  },
  { key: "reason", title: "Reason", render: (entry) => entry.reason || EMPTY },
];

/** The change in the reader's date and number formats. */
function ChangeText({ entry }: { entry: AuditListEntry }) {
  const format = useInstantFormat();
  return <span className={styles.change}>{auditChangeText(entry, { format, maxLength: 40 }) || EMPTY}</span>;
}

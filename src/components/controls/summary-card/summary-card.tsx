import type { Unit } from "@core/domain/units";
import { Tag } from "antd";
import { MeasurementIcon, type MeasurementIconName } from "@/components/icons/measurement-icons";
import styles from "./summary-card.module.css";
import { type SummaryCardData, summaryCardHeadline } from "./summary-card-state";

const UNIT_ICONS: Record<Unit, MeasurementIconName> = {
  temperature: "temperature",
  humidity: "humidity",
  shock: "shock",
  battery: "battery",
  label: "signal",
};

export interface SummaryCardProps extends SummaryCardData {
  className?: string;
}

/** One unit's verdict or status: icon, title, headline and a badge; 'N.a.' when not measured. */
export function SummaryCard({ unit, type, state, label, value, badge, disabled, className }: SummaryCardProps) {
  return (
    <section
      className={[styles.card, className].filter(Boolean).join(" ")}
      data-state={disabled ? "disabled" : state}
      data-type={type}
      aria-label={label}
      aria-disabled={disabled || undefined}
    >
      <div className={styles.header}>
        <span className={styles.icon}>
          <MeasurementIcon name={UNIT_ICONS[unit]} />
        </span>
        <span className={styles.label}>{label}</span>
      </div>
      <div className={styles.headline}>{summaryCardHeadline({ value, disabled })}</div>
      {badge && !disabled ? (
        <Tag bordered={false} className={styles.badge}>
          {badge.prefix ? <span>{badge.prefix} </span> : null}
          <strong>{badge.label}</strong>
          {badge.suffix ? <span> {badge.suffix}</span> : null}
        </Tag>
      ) : (
        <span className={styles.badgeSpace} />
      )}
    </section>
  );
}

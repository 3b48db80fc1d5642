import { CheckOutlined } from "@ant-design/icons";
import { isNavigable, type ProgressStep, showProgressBar } from "./progress-steps";
import styles from "./stepped-progress-bar.module.css";

export interface SteppedProgressBarProps {
  steps: readonly ProgressStep[];
  onNavigate?(index: number): void;
  "aria-label"?: string;
  className?: string;
}

const STATUS_TEXT = { complete: "completed", current: "current", next: "next", upcoming: "upcoming" } as const;

/** Numbered steps; complete and next ones are buttons. Hidden with fewer than two steps. */
export function SteppedProgressBar({
  steps,
  onNavigate,
  "aria-label": ariaLabel = "Progress",
  className,
}: SteppedProgressBarProps) {
  if (!showProgressBar(steps)) return null;
  return (
    <nav aria-label={ariaLabel} className={className}>
      <ol className={styles.steps}>
        {steps.map((step, index) => {
          const marker = step.status === "complete" ? <CheckOutlined aria-hidden /> : index + 1;
          const content = (
            <>
              <span className={styles.marker} aria-hidden>
                {marker}
              </span>
              <span className={styles.label}>{step.label}</span>
              <span className={styles.srOnly}>{` (${STATUS_TEXT[step.status]})`}</span>
            </>
          );
          return (
            <li key={step.label} className={styles.step} data-status={step.status}>
              {isNavigable(step.status) && onNavigate ? (
                <button type="button" className={styles.button} onClick={() => onNavigate(index)}>
                  {content}
                </button>
              ) : (
                <span className={styles.button} aria-current={step.status === "current" ? "step" : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

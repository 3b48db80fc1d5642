import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from "@ant-design/icons";
import { Button } from "antd";
import styles from "./snackbar-list.module.css";
import { displayOrder, SNACKBAR_DEFAULTS, type Snackbar, type SnackbarType } from "./snackbar-rules";
import { useSnackbarStore } from "./snackbar-store";

const ICONS: Record<SnackbarType, typeof InfoCircleFilled> = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

function SnackbarItem({ snackbar }: { snackbar: Snackbar }) {
  const { click, close, act, pause, resume } = useSnackbarStore.getState();
  const Icon = ICONS[snackbar.type];
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click is a shortcut; the snackbar also closes by itself or by its close button.
    <div
      className={styles.snackbar}
      data-type={snackbar.type}
      data-testid="snackbar"
      role={snackbar.type === "error" || snackbar.type === "warning" ? "alert" : "status"}
      onClick={() => click(snackbar.id)}
      onMouseEnter={() => pause(snackbar.id)}
      onMouseLeave={() => resume(snackbar.id)}
    >
      <Icon className={styles.icon} aria-hidden />
      <div className={styles.texts}>
        <div className={styles.title}>{snackbar.title}</div>
        {snackbar.text ? <div className={styles.text}>{snackbar.text}</div> : null}
        {snackbar.subText ? <div className={styles.subText}>{snackbar.subText}</div> : null}
      </div>
      {snackbar.actionFunction ? (
        <Button
          size="small"
          type="link"
          className={styles.action}
          onClick={(event) => {
            event.stopPropagation();
            act(snackbar.id);
          }}
        >
          {snackbar.actionLabel}
        </Button>
      ) : null}
      {snackbar.closable ? (
        <Button
          size="small"
          type="text"
          className={styles.close}
          aria-label="Close"
          icon={<CloseOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            close(snackbar.id);
          }}
        />
      ) : null}
    </div>
  );
}

/** The snackbars, stacked at the bottom right, oldest first. */
export function SnackbarList({ reverse = SNACKBAR_DEFAULTS.reverse }: { reverse?: boolean }) {
  const snackbars = useSnackbarStore((state) => state.snackbars);
  return (
    <section className={styles.list} aria-label="Notifications" aria-live="polite">
      {displayOrder(snackbars, reverse).map((snackbar) => (
        <SnackbarItem key={snackbar.id} snackbar={snackbar} />
      ))}
    </section>
  );
}

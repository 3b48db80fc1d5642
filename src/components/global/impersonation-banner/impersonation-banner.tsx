import { ClockCircleOutlined, LogoutOutlined, UserSwitchOutlined } from "@ant-design/icons";
import { Alert, Button, Space } from "antd";
import { useEffect, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { selectIsImpersonating, useAuthSessionStore } from "@/providers/stores/auth-session";
import styles from "./impersonation-banner.module.css";
import { timeLeftText } from "./time-left";
import { useStopImpersonation } from "./use-stop-impersonation";

const TICK_MS = 1000;

/**
 * While a system administrator acts as someone else: whom, in which company, the
 * time left and a Stop button (which ends the impersonation on the server too), on every
 * page of the signed-in layouts. The
 * impersonation timer (session watchers) ends it on its own when time runs out.
 */
export function ImpersonationBanner() {
  const active = useAuthSessionStore(selectIsImpersonating);
  // The banner's own hooks (the stop request's, a clock) only while it shows: most loads of
  // the layout have no impersonation, and their first render should not pay for them.
  return active ? <ActiveImpersonationBanner /> : null;
}

function ActiveImpersonationBanner() {
  const { email, company, expiry } = useAuthSessionStore(
    useShallow((s) => ({
      email: s.impersonationUserRole?.user.email ?? s.impersonationUserRole?.user.id ?? "",
      company: s.impersonationCompany?.name ?? s.impersonationUserRole?.company.name ?? "",
      expiry: s.impersonationExpiry,
    })),
  );
  const { stopImpersonating } = useStopImpersonation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <Alert
      banner
      type="error"
      className={styles.banner}
      icon={<UserSwitchOutlined />}
      showIcon
      role="status"
      aria-label="Impersonation"
      message={
        <Space size="middle" wrap>
          <span>
            You are acting as <strong>{email}</strong> in <strong>{company}</strong>
          </span>
          <span className={styles.timeLeft}>
            <ClockCircleOutlined /> {expiry === null ? "" : timeLeftText(expiry, now)}
          </span>
        </Space>
      }
      action={
        <Button size="small" danger type="primary" icon={<LogoutOutlined />} onClick={() => void stopImpersonating()}>
          Stop impersonating
        </Button>
      }
    />
  );
}

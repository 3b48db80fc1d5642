import { theme } from "antd";
import { Outlet } from "react-router";
import styles from "./auth-layout.module.css";

/**
 * Sign-in, sign-up and the other account screens: one card on the layout
 * background. A styled main and div rather than antd Layout (its Sider brings breakpoints
 * and icons) and Card (Tabs and Skeleton), which would weigh on the sign-in page's first load.
 */
export function AuthLayout() {
  const { token } = theme.useToken();
  return (
    <main className={styles.auth} style={{ background: token.colorBgLayout }}>
      <div className={styles.authCard}>
        <Outlet />
      </div>
    </main>
  );
}

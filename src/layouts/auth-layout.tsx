import { Layout } from "antd";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "@/components/routing/page-loader";
import styles from "./layouts.module.css";

/**
 * Sign-in, sign-up and the other account screens: one centred card. A styled div rather
 * than antd Card, which would bring Tabs and Skeleton into the first load.
 */
export function AuthLayout() {
  return (
    <Layout>
      <Layout.Content className={styles.auth}>
        <div className={styles.authCard}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
      </Layout.Content>
    </Layout>
  );
}

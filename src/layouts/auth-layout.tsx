import { Card, Layout } from "antd";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "@/components/routing/page-loader";
import styles from "./layouts.module.css";

/** Sign-in, sign-up and the other account screens: one centred card. */
export function AuthLayout() {
  return (
    <Layout>
      <Layout.Content className={styles.auth}>
        <Card className={styles.authCard}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Card>
      </Layout.Content>
    </Layout>
  );
}

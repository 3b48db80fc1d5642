import { DownOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Space, Tag } from "antd";
import type { ReactNode } from "react";
import styles from "./layouts.module.css";

/**
 * What the header shows: the active company (and impersonation) on the left, the user's
 * button on the right. `userMenu` wraps that button in its menu (app-header.tsx).
 */
export function AppHeaderView({
  title,
  userName,
  companyName,
  impersonating = false,
  userMenu = (button) => button,
}: {
  title?: string;
  userName: string;
  companyName: string;
  impersonating?: boolean;
  userMenu?: (button: ReactNode) => ReactNode;
}) {
  return (
    <>
      {/* One line whatever the width: a long company name is cut with an ellipsis (its full name in the
          tooltip), never wrapped under the header into the page title on a phone. */}
      <div className={styles.headerStart}>
        {title ? <strong className={styles.oneLine}>{title}</strong> : null}
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names the value for getByLabel, as antd Typography.Text did before */}
        <strong aria-label="Company" className={styles.oneLine} title={companyName}>
          {companyName}
        </strong>
        {impersonating ? <Tag color="warning">Impersonating</Tag> : null}
      </div>
      {/* The name starts with the visible text, so a voice user saying what they see finds it (WCAG 2.5.3). */}
      {userMenu(
        <Button type="text" aria-label={`${userName}, user menu`}>
          <Space>
            <Avatar size="small" icon={<UserOutlined />} />
            <span className={styles.oneLine}>{userName}</span>
            <DownOutlined />
          </Space>
        </Button>,
      )}
    </>
  );
}

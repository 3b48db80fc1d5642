import { RightOutlined } from "@ant-design/icons";
import { Card, Flex, List, Typography } from "antd";
import { Link } from "react-router";
import { TitledPage } from "@/components/record/record-page";
import { useAccess } from "@/hooks/use-access";
import { TabsLayout } from "@/layouts/tabs-layout";
import { COMPANY_SETTINGS_TABS, PROFILE_TABS, SETTINGS_SECTIONS } from "./sections";

/** The settings index: a link to each section the user may open. */
export function SettingsIndex() {
  const can = useAccess();
  const sections = SETTINGS_SECTIONS.filter((section) => !section.requires || can(section.requires));
  return (
    <TitledPage title="Settings">
      <Card>
        <List
          itemLayout="horizontal"
          dataSource={sections}
          renderItem={(section) => (
            <List.Item actions={[<RightOutlined key="open" />]}>
              <List.Item.Meta
                title={<Link to={section.path}>{section.title}</Link>}
                description={section.description}
              />
            </List.Item>
          )}
        />
      </Card>
    </TitledPage>
  );
}

/** A settings sub-page; its content arrives with the settings issues. */
export function SettingsSubPage({ title }: { title: string }) {
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{title}</Typography.Title>
    </Flex>
  );
}

export function ProfileSettingsLayout() {
  return <TabsLayout title="Profile" tabs={PROFILE_TABS} />;
}

export function CompanySettingsLayout() {
  return <TabsLayout title="Company settings" tabs={COMPANY_SETTINGS_TABS} />;
}

export function CustomFieldsSettings() {
  return <TitledPage title="Custom fields" backTo="/settings" />;
}

export function ApiKeysSettings() {
  return <TitledPage title="API keys" backTo="/settings" />;
}

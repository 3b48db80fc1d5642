import {
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  FormOutlined,
  RightOutlined,
  SendOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { ResourceContext } from "@refinedev/core";
import { Card, Col, Flex, Row, Typography } from "antd";
import { type ReactNode, useContext } from "react";
import { Link } from "react-router";
import { TitledPage } from "@/components/record/record-page";
import { useAccess } from "@/hooks/use-access";
import { TabsLayout } from "@/layouts/tabs-layout";
import { RESOURCE } from "../names";
import { CompanyAddresses } from "./company/addresses";
import { CompanyBilling } from "./company/billing";
import { CompanyGeneral } from "./company/general";
import { ProfileCompanies } from "./profile/companies";
import { ProfileNotifications } from "./profile/notifications";
import { PersonalDetails } from "./profile/personal-details";
import { ProfilePreferences } from "./profile/preferences";
import { UpdatePassword } from "./profile/update-password";
import { COMPANY_SETTINGS_TABS, PROFILE_TABS, SETTINGS_SECTIONS } from "./sections";
import styles from "./settings.module.css";

/**
 * The cards' icons. Here rather than in the custom fields' and API keys' entries: no menu
 * shows those, and the entries are part of every dashboard page's first load.
 */
const SECTION_ICONS: Record<string, ReactNode> = {
  "/settings/profile": <UserOutlined />,
  "/settings/company-settings": <BankOutlined />,
  "/settings/custom-fields": <FormOutlined />,
  "/settings/api-keys": <ApiOutlined />,
  "/settings/webhooks": <SendOutlined />,
  "/settings/audit-trail": <AuditOutlined />,
};

interface SettingsCard {
  path: string;
  title: string;
  description: string;
}

/**
 * The settings index: a card for each section the user may open, then for each resource
 * under settings the user may list (custom fields, API keys, the audit trail), as its declaration describes it.
 */
export function SettingsIndex() {
  const can = useAccess();
  const { resources } = useContext(ResourceContext);
  const sections: SettingsCard[] = [
    ...SETTINGS_SECTIONS.filter((section) => !section.requires || can(section.requires)),
    ...resources
      .filter((resource) => resource.meta?.parent === RESOURCE.settings && typeof resource.list === "string")
      .filter((resource) => can({ resource: resource.name, action: "list" }))
      .map((resource) => ({
        path: String(resource.list),
        title: resource.meta?.label ?? resource.name,
        description: resource.meta?.description ?? "",
      })),
  ];
  return (
    <TitledPage title="Settings">
      <Row gutter={[16, 16]}>
        {sections.map((section) => (
          <Col key={section.path} xs={24} md={12}>
            {/* Named by its text (title and description): a name without the visible description fails WCAG 2.5.3. */}
            <Link to={section.path}>
              <Card hoverable>
                <Flex align="center" gap="middle">
                  {/* The icon is decoration; the card's heading is its title, so a heading list reads as the sections. */}
                  <span aria-hidden className={styles.cardIcon}>
                    {SECTION_ICONS[section.path]}
                  </span>
                  <Flex vertical flex={1}>
                    <Typography.Title level={3} className={styles.cardTitle}>
                      {section.title}
                    </Typography.Title>
                    <Typography.Text type="secondary">{section.description}</Typography.Text>
                  </Flex>
                  <RightOutlined />
                </Flex>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </TitledPage>
  );
}

const TAB_PAGES: Record<string, () => ReactNode> = {
  "/settings/profile/personal-details": PersonalDetails,
  "/settings/profile/preferences": ProfilePreferences,
  "/settings/profile/companies": ProfileCompanies,
  "/settings/profile/notifications": ProfileNotifications,
  "/settings/profile/update-password": UpdatePassword,
  "/settings/company-settings/general": CompanyGeneral,
  "/settings/company-settings/addresses": CompanyAddresses,
  "/settings/company-settings/billing-information": CompanyBilling,
};

/** One tab of the profile or company settings pages, by its path (sections.ts). */
export function SettingsSubPage({ path }: { path: string }) {
  const Page = TAB_PAGES[path];
  return Page ? <Page /> : null;
}

export function ProfileSettingsLayout() {
  return <TabsLayout title="Profile" tabs={PROFILE_TABS} />;
}

export function CompanySettingsLayout() {
  return <TabsLayout title="Company settings" tabs={COMPANY_SETTINGS_TABS} />;
}

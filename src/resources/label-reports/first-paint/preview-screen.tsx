import { Flex, type MenuProps, Table } from "antd";
import { antdColumnsOf } from "@/components/list/antd-columns";
import { ListHeading } from "@/components/list/list-heading";
import { ListSearch } from "@/components/list/list-search";
import listStyles from "@/components/list/resource-list.module.css";
import { tableLayout } from "@/components/list/table-layout";
import { AppHeaderView } from "@/layouts/app-header-view";
import { AppShell } from "@/layouts/app-shell";
import { DASHBOARD_BRAND } from "@/layouts/dashboard-menu";
import { RESOURCE } from "@/providers/resources";
import type { LabelReport } from "../../types";
import { labelReportColumns } from "../columns";
import { LabelReportListActions, labelReportLink } from "../list-actions";
import styles from "./list-preview.module.css";
import type { PreviewPage } from "./preview-plan";

const ignore = () => undefined;

export interface PreviewScreenProps {
  page: PreviewPage;
  rows: LabelReport[];
  userName: string;
  companyName: string;
  menuItems: MenuProps["items"];
}

/**
 * The label report list's first page as the dashboard shows it (shell, heading, search,
 * columns, formatting, layout), inert: nothing in it can be clicked or focused, and
 * assistive technology skips it; every action happens in the real list underneath. From
 * props alone, so that the browser (list-preview.tsx) and the server (server-render.tsx)
 * paint the same thing.
 */
export function PreviewScreen({ page, rows, userName, companyName, menuItems }: PreviewScreenProps) {
  return (
    <div className={styles.cover} inert data-testid="list-preview">
      <AppShell
        brand={DASHBOARD_BRAND}
        menuItems={menuItems}
        // The list's entry, also while the address is still "/" (the dashboard leads it to the list).
        selectedKeys={[RESOURCE.labelReports]}
        header={<AppHeaderView userName={userName} companyName={companyName} />}
      >
        <Flex vertical gap="middle">
          <ListHeading title="Label reports">
            <ListSearch value={page.state.search} onSearch={ignore} placeholder="Search by label ID" />
            <LabelReportListActions />
          </ListHeading>
          <Table<LabelReport>
            dataSource={rows}
            rowKey="id"
            className={listStyles.table}
            {...tableLayout(page.state.pageSize)}
            pagination={false}
            columns={antdColumnsOf(labelReportColumns, {
              resource: page.resource,
              sorters: page.sorters,
              recordLink: labelReportLink,
              linkSearch: page.search,
            })}
          />
        </Flex>
      </AppShell>
    </div>
  );
}

import { ConfigProvider, Flex, Table } from "antd";
// The ES module, as src/root.tsx imports it.
import enUS from "antd/es/locale/en_US";
import { useEffect, useState, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { antdColumnsOf } from "@/components/list/antd-columns";
import { ListHeading } from "@/components/list/list-heading";
import { ListSearch } from "@/components/list/list-search";
import { isListShown, subscribeListShown } from "@/components/list/list-shown";
import listStyles from "@/components/list/resource-list.module.css";
import { tableLayout } from "@/components/list/table-layout";
import type { PagedList } from "@/domain/list-query";
import { AppHeaderView } from "@/layouts/app-header-view";
import { AppShell } from "@/layouts/app-shell";
import { DASHBOARD_BRAND, useDashboardMenu } from "@/layouts/dashboard-menu";
import { RESOURCE } from "@/providers/resources";
import { theme } from "@/theme";
import type { LabelReport } from "../../types";
import { labelReportColumns } from "../columns";
import { LabelReportListActions, labelReportLink } from "../list-actions";
import styles from "./list-preview.module.css";
import { type PreviewPlan, planListPreview } from "./preview-plan";

/** After this, the preview steps aside whatever the dashboard is doing (it shows its own state). */
const PREVIEW_MAX_MS = 8_000;
/** How often the preview looks whether the dashboard has moved to another address. */
const ADDRESS_CHECK_MS = 100;

const ignore = () => undefined;

/**
 * The label report list's first page, painted from the boot request (src/providers/
 * boot-prefetch.ts) as soon as React and the table's code have run, before the Refine
 * dashboard has loaded: on a cold load the rows show about a second sooner. The same table
 * (columns, formatting, layout) in a React root of its own over the dashboard, which renders
 * underneath, until the dashboard's own list has answered (src/components/list/list-shown.ts),
 * the dashboard goes to another address, or PREVIEW_MAX_MS have passed. It is inert: nothing
 * in it can be clicked or focused, and assistive technology skips it; every action happens
 * in the real list.
 */
export function mountListPreview(): void {
  const plan = planListPreview(window.location);
  if (!plan) return;
  const container = document.createElement("div");
  document.body.appendChild(container);
  const root = createRoot(container);
  const unmount = () => {
    root.unmount();
    container.remove();
  };
  root.render(
    <ConfigProvider theme={theme} locale={enUS}>
      {/* For the links' context only (BrowserRouter: the entry has its code already). */}
      <BrowserRouter>
        <ListPreview plan={plan} onDone={unmount} />
      </BrowserRouter>
    </ConfigProvider>,
  );
}

function ListPreview({ plan, onDone }: { plan: PreviewPlan; onDone: () => void }) {
  const [body, setBody] = useState<PagedList<LabelReport> | null>(null);
  const [expired, setExpired] = useState(false);
  const [samePage, setSamePage] = useState(true);
  const shown = useSyncExternalStore(subscribeListShown, isListShown);

  useEffect(() => {
    let live = true;
    void plan.body.then((answer) => {
      if (!live) return;
      if (isPage(answer)) setBody(answer);
      else setExpired(true);
    });
    const expiry = setTimeout(() => setExpired(true), PREVIEW_MAX_MS);
    // The dashboard's router changes the address with the history API, which fires no event.
    const addressCheck = setInterval(() => {
      const { pathname, search } = window.location;
      setSamePage(plan.paths.includes(pathname) && search === plan.search);
    }, ADDRESS_CHECK_MS);
    return () => {
      live = false;
      clearTimeout(expiry);
      clearInterval(addressCheck);
    };
  }, [plan]);

  const done = shown || expired || !samePage;
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);

  if (done || !body) return null;
  return <PreviewScreen plan={plan} rows={body.data} />;
}

function isPage(value: unknown): value is PagedList<LabelReport> {
  return typeof value === "object" && value !== null && Array.isArray((value as { data?: unknown }).data);
}

function PreviewScreen({ plan, rows }: { plan: PreviewPlan; rows: LabelReport[] }) {
  // The list's entry, also while the address is still "/" (the dashboard leads it to the list).
  const menu = { ...useDashboardMenu(), selectedKeys: [RESOURCE.labelReports] };
  return (
    <div className={styles.cover} inert data-testid="list-preview">
      <AppShell brand={DASHBOARD_BRAND} {...menu} header={<AppHeaderView userName={plan.userName} />}>
        <Flex vertical gap="middle">
          <ListHeading title="Label reports">
            <ListSearch value={plan.state.search} onSearch={ignore} placeholder="Search by label ID" />
            <LabelReportListActions />
          </ListHeading>
          <Table<LabelReport>
            dataSource={rows}
            rowKey="id"
            className={listStyles.table}
            {...tableLayout(plan.state.pageSize)}
            pagination={false}
            columns={antdColumnsOf(labelReportColumns, {
              resource: plan.resource,
              sorters: plan.sorters,
              recordLink: labelReportLink,
              linkSearch: plan.search,
            })}
          />
        </Flex>
      </AppShell>
    </div>
  );
}

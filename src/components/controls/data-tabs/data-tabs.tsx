import { Tabs } from "antd";
import type { ReactNode } from "react";
import { MeasurementIcon } from "@/components/icons/measurement-icons";
import { type DataTab, DEFAULT_DATA_TABS, showTabBar } from "./data-tabs-state";

export interface DataTabsProps {
  tabs?: readonly DataTab[];
  activeKey?: string;
  onChange?(key: string): void;
  /** The content of a tab. */
  children(tab: DataTab): ReactNode;
  className?: string;
}

const NO_BAR = () => <></>;

/** Tabs per measured unit; with a single tab only its content shows, without a bar. */
export function DataTabs({ tabs = DEFAULT_DATA_TABS, activeKey, onChange, children, className }: DataTabsProps) {
  return (
    <Tabs
      className={className}
      {...(activeKey === undefined ? {} : { activeKey })}
      onChange={onChange}
      {...(showTabBar(tabs) ? {} : { renderTabBar: NO_BAR })}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: tab.label,
        icon: tab.unit === "temperature" || tab.unit === "humidity" ? <MeasurementIcon name={tab.unit} /> : undefined,
        children: children(tab),
      }))}
    />
  );
}

import {
  AlertOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  ControlOutlined,
  FileTextOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { ResourceProps } from "@refinedev/core";
import { createElement, type ReactNode } from "react";
import type { Subject } from "@/domain/permissions";
import type { ListResourceName } from "@/domain/resources";

/** Resource names, written once. The five lists are named after their LIST_RESOURCES entry. */
export const RESOURCE = {
  needsAttention: "needs-attention",
  labelReports: "label-reports",
  labelPresets: "label-presets",
  users: "users",
  subCompanies: "sub-companies",
  controlCenter: "control-center",
  controlCenterCompanies: "control-center-companies",
  impersonationLog: "impersonation-log",
  settings: "settings",
} as const satisfies Record<string, string>;

export type ResourceName = (typeof RESOURCE)[keyof typeof RESOURCE];

/** The list resources, typed so a name that is not a LIST_RESOURCES key fails to compile. */
export const LIST_RESOURCE_NAMES = {
  labelReports: RESOURCE.labelReports,
  labelPresets: RESOURCE.labelPresets,
  users: RESOURCE.users,
  subCompanies: RESOURCE.subCompanies,
  controlCenterCompanies: RESOURCE.controlCenterCompanies,
} as const satisfies Record<string, ListResourceName>;

export interface AppResourceMeta {
  label: string;
  icon?: ReactNode;
  /** The CASL subject access checks use; a resource without one is open to every signed-in user. */
  subject?: Subject;
  parent?: ResourceName;
  hide?: boolean;
}

export interface AppResource extends ResourceProps {
  name: ResourceName;
  meta: AppResourceMeta;
}

export const resources: AppResource[] = [
  {
    // Three report-list queries on one page (src/domain/needs-attention.ts).
    name: RESOURCE.needsAttention,
    list: "/needs-attention",
    meta: { label: "Needs attention", icon: createElement(AlertOutlined), subject: "labelReport" },
  },
  {
    name: RESOURCE.labelReports,
    list: "/label-reports",
    show: "/label-reports/:id",
    meta: { label: "Label reports", icon: createElement(FileTextOutlined), subject: "labelReport" },
  },
  {
    name: RESOURCE.labelPresets,
    list: "/label-presets",
    show: "/label-presets/:slug",
    create: "/label-presets/create",
    meta: { label: "Label presets", icon: createElement(TagsOutlined), subject: "labelPreset" },
  },
  {
    name: RESOURCE.users,
    list: "/users",
    show: "/users/:id",
    create: "/users/invite",
    meta: { label: "Users", icon: createElement(TeamOutlined), subject: "user" },
  },
  {
    name: RESOURCE.subCompanies,
    list: "/sub-companies",
    create: "/sub-companies/create",
    show: "/sub-companies/:id",
    meta: { label: "Sub-companies", icon: createElement(ApartmentOutlined), subject: "subCompany" },
  },
  {
    // A menu group only: no routes of its own.
    name: RESOURCE.controlCenter,
    meta: { label: "Control center", icon: createElement(ControlOutlined), subject: "controlCenter" },
  },
  {
    name: RESOURCE.controlCenterCompanies,
    identifier: RESOURCE.controlCenterCompanies,
    list: "/control-center/companies",
    create: "/control-center/companies/create",
    meta: {
      label: "Companies",
      icon: createElement(BankOutlined),
      subject: "controlCenter",
      parent: RESOURCE.controlCenter,
    },
  },
  {
    name: RESOURCE.impersonationLog,
    list: "/control-center/impersonation-log",
    meta: {
      label: "Impersonation log",
      icon: createElement(AuditOutlined),
      subject: "controlCenter",
      parent: RESOURCE.controlCenter,
    },
  },
  {
    name: RESOURCE.settings,
    list: "/settings",
    meta: { label: "Settings", icon: createElement(SettingOutlined) },
  },
];

const byName = new Map<string, AppResource>(resources.map((r) => [r.name, r]));

export function findResource(name: string | undefined): AppResource | undefined {
  return name === undefined ? undefined : byName.get(name);
}

import { BellOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const AlarmList = lazyPage(() => import("./list"), "AlarmList");

const resource = {
  name: RESOURCE.alarms,
  list: "/alarms",
  meta: { label: "Alarms", icon: <BellOutlined />, subject: "labelReport" },
} satisfies AppResource;

/** The alarms inbox (GET /api/alarms): acknowledge and close the alarms of the company's reports. */
export const alarms: ResourceDeclaration = {
  resource,
  routes: <Route path={resource.list} element={<AlarmList />} />,
};

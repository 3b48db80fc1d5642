import { BankOutlined } from "@ant-design/icons";
import { Outlet, Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RequireAbility } from "@/components/routing/require-ability";
import { RequireRecordId } from "@/components/routing/require-record-id";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const ControlCenterCompanyList = lazyPage(() => import("./list"), "ControlCenterCompanyList");
const ControlCenterCompanyCreate = lazyPage(() => import("./create"), "ControlCenterCompanyCreate");
const ControlCenterCompanyShow = lazyPage(() => import("./show"), "ControlCenterCompanyShow");

/** As before, not the entry's `show`: Refine matches no resource there, so the page keeps the app's title. */
const SHOW_PATH = "/control-center/companies/:id";

const resource = {
  name: RESOURCE.controlCenterCompanies,
  list: "/control-center/companies",
  create: "/control-center/companies/create",
  meta: {
    label: "Companies",
    icon: <BankOutlined />,
    subject: "controlCenter",
    parent: RESOURCE.controlCenter,
  },
} satisfies AppResource;

/** Every company, for system administrators: a list, creating one, and one with its members. */
export const controlCenterCompanies: ResourceDeclaration = {
  resource,
  routes: (
    <Route
      path={resource.list}
      element={
        <RequireAbility resource={resource.name}>
          <Outlet />
        </RequireAbility>
      }
    >
      <Route index element={<ControlCenterCompanyList />} />
      <Route path={resource.create} element={<ControlCenterCompanyCreate />} />
      <Route
        path={SHOW_PATH}
        element={
          <RequireRecordId pattern={SHOW_PATH}>
            <ControlCenterCompanyShow />
          </RequireRecordId>
        }
      />
    </Route>
  ),
};

import { ApartmentOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RequireRecordId } from "@/components/routing/require-record-id";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const SubCompanyList = lazyPage(() => import("./list"), "SubCompanyList");
const SubCompanyShow = lazyPage(() => import("./show"), "SubCompanyShow");
const SubCompanyCreate = lazyPage(() => import("./create"), "SubCompanyCreate");

const resource = {
  name: RESOURCE.subCompanies,
  list: "/sub-companies",
  create: "/sub-companies/create",
  show: "/sub-companies/:id",
  meta: { label: "Sub-companies", icon: <ApartmentOutlined />, subject: "subCompany" },
} satisfies AppResource;

/** A distributor's sub-companies: a list, creating one, and one on its own page. */
export const subCompanies: ResourceDeclaration = {
  resource,
  routes: (
    <Route path={resource.list}>
      <Route index element={<SubCompanyList />} />
      <Route path={resource.create} element={<SubCompanyCreate />} />
      <Route
        path={resource.show}
        element={
          <RequireRecordId pattern={resource.show}>
            <SubCompanyShow />
          </RequireRecordId>
        }
      />
    </Route>
  ),
};

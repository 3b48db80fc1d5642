import { MedicineBoxOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { TemperatureUnitGate } from "@/components/routing/temperature-unit-gate";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const ProductList = lazyPage(() => import("./list"), "ProductList");
const ProductShow = lazyPage(() => import("./show"), "ProductShow");

const resource = {
  name: RESOURCE.products,
  list: "/products",
  show: "/products/:id",
  meta: { label: "Products", icon: <MedicineBoxOutlined />, subject: "labelReport" },
} satisfies AppResource;

/** Products (GET /api/products): storage range and stability budget; created and edited in a dialog. */
export const products: ResourceDeclaration = {
  resource,
  routes: (
    <Route path={resource.list}>
      <Route
        index
        element={
          <TemperatureUnitGate>
            <ProductList />
          </TemperatureUnitGate>
        }
      />
      <Route
        path={resource.show}
        element={
          <TemperatureUnitGate>
            <ProductShow />
          </TemperatureUnitGate>
        }
      />
    </Route>
  ),
};

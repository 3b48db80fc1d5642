import { ContainerOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { TemperatureUnitGate } from "@/components/routing/temperature-unit-gate";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const ShipmentList = lazyPage(() => import("./list"), "ShipmentList");
const ShipmentShow = lazyPage(() => import("./show"), "ShipmentShow");

const resource = {
  name: RESOURCE.shipments,
  list: "/shipments",
  show: "/shipments/:id",
  meta: { label: "Shipments", icon: <ContainerOutlined />, subject: "labelReport" },
} satisfies AppResource;

/** Shipments (GET /api/shipments): each groups label reports; created and edited in a dialog. */
export const shipments: ResourceDeclaration = {
  resource,
  routes: (
    <Route path={resource.list}>
      <Route index element={<ShipmentList />} />
      <Route
        path={resource.show}
        element={
          <TemperatureUnitGate>
            <ShipmentShow />
          </TemperatureUnitGate>
        }
      />
    </Route>
  ),
};

import { TagsOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { TemperatureUnitGate } from "@/components/routing/temperature-unit-gate";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const LabelPresetList = lazyPage(() => import("./list"), "LabelPresetList");
const LabelPresetShow = lazyPage(() => import("./show"), "LabelPresetShow");
const LabelPresetCreate = lazyPage(() => import("./create"), "LabelPresetCreate");

const resource = {
  name: RESOURCE.labelPresets,
  list: "/label-presets",
  show: "/label-presets/:slug",
  create: "/label-presets/create",
  meta: { label: "Label presets", icon: <TagsOutlined />, subject: "labelPreset" },
} satisfies AppResource;

/** The presets: a list, the creation wizard, and a preset by its slug. */
export const labelPresets: ResourceDeclaration = {
  resource,
  routes: (
    <Route path={resource.list}>
      <Route index element={<LabelPresetList />} />
      {/* The wizard's and the edit form's values are typed in the person's unit. */}
      <Route
        path={resource.create}
        element={
          <TemperatureUnitGate>
            <LabelPresetCreate />
          </TemperatureUnitGate>
        }
      />
      <Route
        path={resource.show}
        element={
          <TemperatureUnitGate>
            <LabelPresetShow />
          </TemperatureUnitGate>
        }
      />
    </Route>
  ),
};

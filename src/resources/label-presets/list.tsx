import { PlusOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import { LabelPresetFeatureModal } from "@/components/global/feature-modal/label-preset-feature-modal";
import { ResourceList } from "@/components/list/resource-list";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import type { LabelPreset } from "../types";
import { labelPresetColumns } from "./columns";
import { PresetListFilters } from "./components/preset-list-filters";

export function LabelPresetList() {
  const can = useAccess();
  const navigate = useNavigate();
  return (
    <>
      {/* Spec: the label-preset feature modal is shown by default, until dismissed. */}
      <LabelPresetFeatureModal />
      <ResourceList<LabelPreset>
        resource={RESOURCE.labelPresets}
        columns={labelPresetColumns}
        recordLink={(preset) => `/label-presets/${encodeURIComponent(preset.slug)}`}
        searchPlaceholder="Search by name"
        actions={
          <>
            <PresetListFilters />
            {can({ action: "create", subject: "labelPreset" }) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/label-presets/create")}>
                New preset
              </Button>
            ) : null}
          </>
        }
      />
    </>
  );
}

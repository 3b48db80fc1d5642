import { LabelPresetFeatureModal } from "@/components/global";
import { ResourceList } from "@/components/list/resource-list";
import { RESOURCE } from "@/providers/resources";
import type { LabelPreset } from "../types";
import { labelPresetColumns } from "./columns";

export function LabelPresetList() {
  return (
    <>
      {/* Spec: the label-preset feature modal is shown by default, until dismissed. */}
      <LabelPresetFeatureModal />
      <ResourceList<LabelPreset>
        resource={RESOURCE.labelPresets}
        columns={labelPresetColumns}
        recordLink={(preset) => `/label-presets/${encodeURIComponent(preset.slug)}`}
        searchPlaceholder="Search by name"
      />
    </>
  );
}

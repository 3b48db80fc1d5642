import { ResourceList } from "@/components/list/resource-list";
import { RESOURCE } from "@/providers/resources";
import type { LabelPreset } from "../types";
import { labelPresetColumns } from "./columns";

export function LabelPresetList() {
  return (
    <ResourceList<LabelPreset>
      resource={RESOURCE.labelPresets}
      columns={labelPresetColumns}
      recordLink={(preset) => `/label-presets/${encodeURIComponent(preset.slug)}`}
      searchPlaceholder="Search by name"
    />
  );
}

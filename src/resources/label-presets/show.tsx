import { useParams } from "react-router";
import { RecordPage } from "@/components/record/record-page";
import { RESOURCE } from "@/providers/resources";
import type { LabelPreset } from "../types";
import { labelPresetFields } from "./columns";

/** A label preset, by its slug (the API answers by id or slug). */
export function LabelPresetShow() {
  const { slug } = useParams();
  return (
    <RecordPage<LabelPreset>
      title="Label preset"
      backTo="/label-presets"
      resource={RESOURCE.labelPresets}
      id={slug}
      fields={labelPresetFields}
    />
  );
}

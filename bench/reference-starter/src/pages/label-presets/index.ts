export { LabelPresetEdit } from "./edit";
export { LabelPresetList } from "./list";

export { LabelReportEdit } from "./edit";
export { LabelReportList } from "./list";

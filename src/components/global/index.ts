export { LabelPresetFeatureModal } from "./feature-modal/label-preset-feature-modal";
export { GlobalElements } from "./global-elements";
export { MaintenanceBanner } from "./maintenance-banner/maintenance-banner";
export { closeSnackbar, SnackbarList, showSnackbar, useSnackbarStore } from "./snackbars";
export { UpdateModal } from "./update-modal/update-modal";

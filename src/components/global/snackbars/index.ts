export { SnackbarList } from "./snackbar-list";
export { SNACKBAR_DEFAULTS, type Snackbar, type SnackbarInput, type SnackbarType } from "./snackbar-rules";
export { closeSnackbar, showSnackbar, useSnackbarStore } from "./snackbar-store";

import { SnackbarList } from "./snackbars/snackbar-list";
import { UpdateModal } from "./update-modal/update-modal";

/** The elements every screen shares: the snackbars and the update modal (spec section 2). */
export function GlobalElements() {
  return (
    <>
      <SnackbarList />
      <UpdateModal />
    </>
  );
}

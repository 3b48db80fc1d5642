import { lazy, Suspense } from "react";
import { SnackbarList } from "./snackbars/snackbar-list";
import { useUpdateCheck } from "./update-modal/use-update-check";

/** The update modal (antd Modal) is fetched only once an update is published. */
const UpdateModal = lazy(async () => ({ default: (await import("./update-modal/update-modal")).UpdateModal }));

/** Polls for a newer build; shows the update modal once there is one. */
function UpdateNotice() {
  const available = useUpdateCheck();
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      {/* The check already said yes: the modal opens without polling again. */}
      <UpdateModal forceOpen currentBuildId="" />
    </Suspense>
  );
}

/** The elements every screen shares: the snackbars and the update modal (spec section 2). */
export function GlobalElements() {
  return (
    <>
      <SnackbarList />
      <UpdateNotice />
    </>
  );
}

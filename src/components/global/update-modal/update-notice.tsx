import { lazy, Suspense } from "react";
import { useUpdateCheck } from "./use-update-check";

/** The update modal (antd Modal) is fetched only once an update is published. */
const UpdateModal = lazy(async () => ({ default: (await import("./update-modal")).UpdateModal }));

/** Polls for a newer build; shows the update modal once there is one. */
export function UpdateNotice() {
  const available = useUpdateCheck();
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      {/* The check already said yes: the modal opens without polling again. */}
      <UpdateModal forceOpen currentBuildId="" />
    </Suspense>
  );
}

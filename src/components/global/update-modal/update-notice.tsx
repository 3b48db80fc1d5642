import { lazyComponent } from "@/components/routing/lazy-component";
import { useUpdateCheck } from "./use-update-check";

/** The update modal (antd Modal) is fetched only once an update is published. */
const UpdateModal = lazyComponent(async () => (await import("./update-modal")).UpdateModal);

/** Polls for a newer build; shows the update modal once there is one. */
export function UpdateNotice() {
  const available = useUpdateCheck();
  if (!available) return null;
  // The check already said yes: the modal opens without polling again.
  return <UpdateModal forceOpen currentBuildId="" />;
}

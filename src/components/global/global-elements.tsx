import { lazyComponent } from "@/components/routing/lazy-component";
import { useIdle } from "@/hooks/use-idle";
import { SnackbarList } from "./snackbars/snackbar-list";

/**
 * The update check polls every few minutes, so no screen's first load needs its code: it
 * is fetched once the browser is idle after the first paint.
 */
const UpdateNotice = lazyComponent(async () => (await import("./update-modal/update-notice")).UpdateNotice);

/** The elements every screen shares: the snackbars and the update modal. */
export function GlobalElements() {
  const idle = useIdle(5_000);
  return (
    <>
      <SnackbarList />
      {idle && <UpdateNotice />}
    </>
  );
}

import { lazy, Suspense } from "react";
import { useIdle } from "@/hooks/use-idle";
import { SnackbarList } from "./snackbars/snackbar-list";

/**
 * The update check polls every few minutes, so no screen's first load needs its code: it
 * is fetched once the browser is idle after the first paint.
 */
const UpdateNotice = lazy(async () => ({ default: (await import("./update-modal/update-notice")).UpdateNotice }));

/** The elements every screen shares: the snackbars and the update modal (spec section 2). */
export function GlobalElements() {
  const idle = useIdle(5_000);
  return (
    <>
      <SnackbarList />
      {idle && (
        <Suspense fallback={null}>
          <UpdateNotice />
        </Suspense>
      )}
    </>
  );
}

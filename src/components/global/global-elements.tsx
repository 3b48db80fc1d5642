import { lazy, Suspense, useEffect, useState } from "react";
import { SnackbarList } from "./snackbars/snackbar-list";

/**
 * The update check polls every few minutes, so no screen's first load needs its code: it
 * is fetched once the browser is idle after the first paint.
 */
const UpdateNotice = lazy(async () => ({ default: (await import("./update-modal/update-notice")).UpdateNotice }));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1_000);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}

/** The elements every screen shares: the snackbars and the update modal (spec section 2). */
export function GlobalElements() {
  const idle = useIdle();
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

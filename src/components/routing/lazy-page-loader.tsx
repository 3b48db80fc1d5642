import { lazy, Suspense } from "react";

const Loader = lazy(async () => ({ default: (await import("./page-loader")).PageLoader }));

/**
 * PageLoader for screens whose first load leaves antd Spin out (the sign-in page): the
 * spinner follows a moment later, which a loading state can afford.
 */
export function LazyPageLoader() {
  return (
    <Suspense fallback={null}>
      <Loader />
    </Suspense>
  );
}

import { lazyComponent } from "./lazy-component";

/**
 * PageLoader for screens whose first load leaves antd Spin out (the sign-in page): the
 * spinner follows a moment later, which a loading state can afford.
 */
export const LazyPageLoader = lazyComponent(async () => (await import("./page-loader")).PageLoader);

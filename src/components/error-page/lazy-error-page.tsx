import { lazyComponent } from "@/components/routing/lazy-component";

/**
 * The error pages as their own chunk: antd's Result (with its large status
 * illustrations) is only fetched when an error page is actually shown, not on
 * every first load.
 */
const load = () => import("./error-page");
export const LazyErrorPage = lazyComponent(async () => (await load()).ErrorPage);
export const LazyNotFoundPage = lazyComponent(async () => (await load()).NotFoundPage);
export const LazyForbiddenPage = lazyComponent(async () => (await load()).ForbiddenPage);

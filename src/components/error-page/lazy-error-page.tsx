import { lazy } from "react";

/**
 * The error pages as their own chunk: antd's Result (with its large status
 * illustrations) is only fetched when an error page is actually shown, not on
 * every first load.
 */
const load = () => import("./error-page");
export const LazyErrorPage = lazy(async () => ({ default: (await load()).ErrorPage }));
export const LazyNotFoundPage = lazy(async () => ({ default: (await load()).NotFoundPage }));
export const LazyForbiddenPage = lazy(async () => ({ default: (await load()).ForbiddenPage }));

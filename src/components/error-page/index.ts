export { ErrorBoundary } from "./error-boundary";
export { ErrorPage, errorPageTitle, NotFoundPage } from "./error-page";
export { isBot } from "./is-bot";

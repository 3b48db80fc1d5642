export { ErrorBoundary } from "./error-boundary";
export { ErrorPage, NOT_FOUND_TITLE, NotFoundPage, notFoundMessage, SERVER_ERROR_TITLE } from "./error-page";
export { isBot } from "./is-bot";

export { ErrorBoundary } from "./error-boundary";
export {
  ErrorPage,
  errorPageTitle,
  NOT_FOUND_TITLE,
  NotFoundPage,
  notFoundMessage,
  SERVER_ERROR_TITLE,
} from "./error-page";
export { isBot } from "./is-bot";

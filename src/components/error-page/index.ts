export { ErrorBoundary } from "./error-boundary";
export {
  ErrorPage,
  errorPageTitle,
  FORBIDDEN_TITLE,
  ForbiddenPage,
  NOT_FOUND_TITLE,
  NotFoundPage,
  notFoundMessage,
  SERVER_ERROR_TITLE,
} from "./error-page";
export { isBot } from "./is-bot";

import { Button, Flex, Result } from "antd";
import { useLocation, useNavigate } from "react-router";
import styles from "./error-page.module.css";
import { isBot } from "./is-bot";

export const NOT_FOUND_TITLE = "Page Not Found";
export const SERVER_ERROR_TITLE = "Internal Server Error";

/** 'Page Not Found' for 404, 'Internal Server Error' for any other status. */
export function errorPageTitle(status: number): string {
  return status === 404 ? NOT_FOUND_TITLE : SERVER_ERROR_TITLE;
}

export function notFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}

export interface ErrorPageProps {
  status: number;
  message?: string;
}

/**
 * The error page: 'Page Not Found' for 404, 'Internal Server
 * Error' for anything else. Bots get the message as plain text, without the page.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const navigate = useNavigate();
  const title = errorPageTitle(status);
  if (isBot()) return <>{message ?? title}</>;
  return (
    <Flex justify="center" align="center" className={styles.page}>
      <Result
        status={status === 404 ? "404" : "500"}
        title={title}
        subTitle={message}
        extra={
          <Button type="primary" onClick={() => navigate("/")}>
            Back to the dashboard
          </Button>
        }
      />
    </Flex>
  );
}

/** Any route the dashboard does not have. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage status={404} message={notFoundMessage(pathname)} />;
}

export const FORBIDDEN_TITLE = "Access denied";

/**
 * Where the route guards send a signed-in user who typed the URL of a page their role
 * may not use (core/domain/route-guards.ts). Its own page: the spec's error page calls
 * every status but 404 an internal server error, which this is not.
 */
export function ForbiddenPage() {
  const navigate = useNavigate();
  const message = "Your role in this company does not allow this page. Ask your company's administrator.";
  if (isBot()) return <>{message}</>;
  return (
    <Flex justify="center" align="center" className={styles.page}>
      <Result
        status="403"
        title={FORBIDDEN_TITLE}
        subTitle={message}
        extra={
          <Button type="primary" onClick={() => navigate("/")}>
            Back to the dashboard
          </Button>
        }
      />
    </Flex>
  );
}

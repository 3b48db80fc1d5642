import styles from "./auth-title.module.css";

/**
 * An account screen's title: an h2 styled like antd's Typography.Title level 2, which would
 * bring Typography's copy, edit and ellipsis machinery (~12 kB gzip) into the sign-in page.
 */
export function AuthTitle({ children }: { children: string }) {
  return <h2 className={styles.title}>{children}</h2>;
}

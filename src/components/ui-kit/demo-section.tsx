import { Card } from "antd";
import type { ReactNode } from "react";
import styles from "./ui-kit-page.module.css";

/** One card of the controls page: a titled group of examples. */
export function DemoSection({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = `demo-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Card
      className={wide ? styles.wide : undefined}
      title={
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
      }
      size="small"
      aria-labelledby={id}
      role="region"
    >
      <div className={styles.stack}>{children}</div>
    </Card>
  );
}

/** A labelled example inside a section, with the value it currently holds. */
export function Example({ caption, value, children }: { caption: string; value?: string; children: ReactNode }) {
  return (
    <div className={styles.example}>
      {children}
      <div className={styles.caption}>
        {caption}
        {value !== undefined ? (
          <>
            {": "}
            <output data-testid={`value-${caption.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`}>{value || "–"}</output>
          </>
        ) : null}
      </div>
    </div>
  );
}

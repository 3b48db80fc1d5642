import { Flex } from "antd";
import type { ReactNode } from "react";
import styles from "./resource-list.module.css";

/** A list's title, with its search box and actions on the right. */
export function ListHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap="middle">
      <h2 className={styles.title}>{title}</h2>
      {/* Wraps on a phone: the search box and buttons stay on the screen instead of widening the page. */}
      <Flex gap="small" align="center" wrap className={styles.actions}>
        {children}
      </Flex>
    </Flex>
  );
}

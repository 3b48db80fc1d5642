import { Flex } from "antd";
import type { ReactNode } from "react";
import styles from "./resource-list.module.css";

/** A list's title, with its search box and actions on the right. */
export function ListHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap="middle">
      <h2 className={styles.title}>{title}</h2>
      <Flex gap="small" align="center">
        {children}
      </Flex>
    </Flex>
  );
}

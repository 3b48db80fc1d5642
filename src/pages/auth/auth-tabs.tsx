import { theme } from "antd";
import { type CSSProperties, type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import styles from "./auth-tabs.module.css";

export interface AuthTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The sign-in page's two tabs, looking like antd Tabs without its weight (antd Tabs brings
 * its overflow menu, dropdown and tooltip: ~30 kB gzip, more than the rest of the page's
 * form). WAI-ARIA tabs: arrow keys, Home and End move between them; a panel once opened
 * stays mounted (hidden), so switching back keeps what was typed, as antd does.
 */
export function AuthTabs({ items }: { items: AuthTab[] }) {
  const { token } = theme.useToken();
  const id = useId();
  const [active, setActive] = useState(items[0]?.key);
  const [opened, setOpened] = useState(() => new Set(active ? [active] : []));
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const open = (key: string, focus = false) => {
    setActive(key);
    setOpened((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
    if (focus) buttons.current.get(key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const item = next === null ? undefined : items[next];
    if (!item) return;
    event.preventDefault();
    open(item.key, true);
  };

  const colours = {
    "--auth-tab-active": token.colorPrimary,
    "--auth-tab-hover": token.colorPrimaryHover,
    "--auth-tab-border": token.colorBorderSecondary,
  } as CSSProperties;

  return (
    <div style={colours}>
      <div role="tablist" className={styles.list}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(node) => {
              if (node) buttons.current.set(item.key, node);
              else buttons.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === active}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === active ? 0 : -1}
            className={styles.tab}
            onClick={() => open(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) =>
        opened.has(item.key) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== active}
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}

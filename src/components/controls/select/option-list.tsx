import { CheckOutlined } from "@ant-design/icons";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { OptionContent } from "./option-content";
import styles from "./select.module.css";
import {
  ESTIMATED_ROW_HEIGHT,
  LIST_MAX_HEIGHT,
  LIST_MAX_HEIGHT_PX,
  NO_OPTIONS_TEXT,
  type OptionValue,
  type SelectOption,
} from "./select-options";
import { scrollToRow, virtualWindow } from "./virtual-window";

export interface OptionListProps<V extends OptionValue> {
  id: string;
  options: readonly SelectOption<V>[];
  activeIndex: number;
  isSelected(value: V): boolean;
  multiple?: boolean;
  onChoose(index: number): void;
  onActivate(index: number): void;
  "aria-label"?: string;
  emptyText?: string;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The dropdown list: at most 15rem high, rendering only the rows in view plus an
 * overscan of 12 (rows are 40 px). Clicks keep the focus in the field.
 */
export function OptionList<V extends OptionValue>({
  id,
  options,
  activeIndex,
  isSelected,
  multiple = false,
  onChoose,
  onActivate,
  "aria-label": ariaLabel,
  emptyText = NO_OPTIONS_TEXT,
}: OptionListProps<V>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(LIST_MAX_HEIGHT_PX);

  useLayoutEffect(() => {
    const height = listRef.current?.clientHeight;
    if (height) setViewport(height);
  }, []);

  // The active row stays in view as the keyboard moves it.
  useEffect(() => {
    const list = listRef.current;
    if (!list || activeIndex < 0) return;
    const next = scrollToRow(activeIndex, list.scrollTop, list.clientHeight || viewport);
    if (next !== list.scrollTop) {
      list.scrollTop = next;
      setScrollTop(next);
    }
  }, [activeIndex, viewport]);

  if (options.length === 0) {
    return (
      <div id={id} className={styles.empty} role="status">
        {emptyText}
      </div>
    );
  }

  const view = virtualWindow({ count: options.length, scrollTop, viewportHeight: viewport });
  const rows = options.slice(view.start, view.end);
  return (
    <div
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={ariaLabel}
      aria-multiselectable={multiple || undefined}
      tabIndex={-1}
      className={styles.list}
      style={{ maxHeight: LIST_MAX_HEIGHT }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div style={{ height: view.totalHeight, position: "relative" }}>
        <div style={{ transform: `translateY(${view.offsetTop}px)` }}>
          {rows.map((option, offset) => {
            const index = view.start + offset;
            const selected = isSelected(option.value);
            return (
              // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: options stay unfocused (aria-activedescendant); the field that owns the list handles the keys.
              <div
                key={String(option.value)}
                id={optionId(id, index)}
                role="option"
                aria-selected={selected}
                aria-disabled={option.disabled || undefined}
                aria-setsize={options.length}
                aria-posinset={index + 1}
                data-active={index === activeIndex || undefined}
                className={styles.option}
                style={{ height: ESTIMATED_ROW_HEIGHT }}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => index !== activeIndex && onActivate(index)}
                onClick={() => !option.disabled && onChoose(index)}
              >
                {multiple ? (
                  <span className={styles.checkbox} data-checked={selected || undefined} aria-hidden />
                ) : null}
                <OptionContent option={option} />
                {!multiple && selected ? <CheckOutlined className={styles.check} aria-hidden /> : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

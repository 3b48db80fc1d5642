import { DownOutlined, WarningFilled } from "@ant-design/icons";
import { type ReactNode, useId, useRef, useState } from "react";
import { Field } from "../field/field";
import { type ControlSize, type FieldIssue, hasError, issueMessage } from "../field/field-state";
import { FloatingPanel } from "../floating/floating-panel";
import { useDismiss } from "../floating/use-dismiss";
import { SelectedContent } from "./option-content";
import { OptionList, optionId } from "./option-list";
import styles from "./select.module.css";
import { closesOnChoose, type OptionValue, optionText, SELECT_PLACEHOLDER, type SelectOption } from "./select-options";
import { useListNavigation } from "./use-list-navigation";

export interface ListSelectProps<V extends OptionValue> {
  id?: string;
  label?: ReactNode;
  "aria-label"?: string;
  options: readonly SelectOption<V>[];
  placeholder?: string;
  optional?: boolean;
  disabled?: boolean;
  issue?: FieldIssue | null;
  size?: ControlSize;
  className?: string;
}

interface BaseProps<V extends OptionValue> extends ListSelectProps<V> {
  multiple: boolean;
  selected: readonly V[];
  onChoose(value: V): void;
}

/** The select and the multi-select: a combobox button over a list with type-ahead. */
export function ListSelect<V extends OptionValue>({
  id,
  label,
  "aria-label": ariaLabel,
  options,
  placeholder = SELECT_PLACEHOLDER,
  optional,
  disabled,
  issue,
  size = "md",
  className,
  multiple,
  selected,
  onChoose,
}: BaseProps<V>) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const labelId = `${fieldId}-label`;
  const listId = `${fieldId}-list`;
  const [open, setOpenState] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const setOpen = (next: boolean) => {
    if (disabled && next) return;
    setOpenState(next);
  };

  const choose = (index: number) => {
    const option = options[index];
    if (!option || option.disabled) return;
    onChoose(option.value);
    nav.setActiveIndex(index);
    if (closesOnChoose(multiple)) setOpen(false);
  };

  const nav = useListNavigation({
    options,
    open,
    setOpen,
    onChoose: choose,
    initialIndex: () => options.findIndex((option) => selected.includes(option.value)),
    typeAhead: true,
    chooseWhileClosed: !multiple,
  });

  useDismiss(open, [anchorRef, panelRef], { onOutside: () => setOpen(false) });

  const chosen = options.filter((option) => selected.includes(option.value));
  const error = hasError(undefined, issue);
  const message = issueMessage(issue);
  const first = chosen[0];

  return (
    <Field
      labelId={labelId}
      label={label}
      optional={optional}
      help={error ? message : undefined}
      error={error}
      className={className}
    >
      <div
        ref={anchorRef}
        id={fieldId}
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={label !== undefined ? labelId : undefined}
        aria-label={label === undefined ? ariaLabel : undefined}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && nav.activeIndex >= 0 ? optionId(listId, nav.activeIndex) : undefined}
        aria-disabled={disabled || undefined}
        aria-invalid={error || undefined}
        className={styles.trigger}
        data-size={size}
        data-open={open || undefined}
        data-error={error || undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (disabled) return;
          if (nav.onKey(event)) event.preventDefault();
        }}
      >
        <span className={styles.value}>
          {first === undefined ? (
            <span className={styles.placeholder}>{placeholder}</span>
          ) : multiple ? (
            <span className={styles.valueText}>{chosen.map(optionText).join(", ")}</span>
          ) : (
            <SelectedContent option={first} />
          )}
        </span>
        {multiple && chosen.length > 1 ? <span className={styles.count}>{chosen.length}</span> : null}
        {error ? <WarningFilled className={styles.alert} role="img" aria-label={message ?? "Invalid value"} /> : null}
        <DownOutlined className={styles.arrow} aria-hidden />
      </div>
      <FloatingPanel open={open} anchorRef={anchorRef} panelRef={panelRef} matchWidth>
        <OptionList
          id={listId}
          options={options}
          activeIndex={nav.activeIndex}
          isSelected={(value) => selected.includes(value)}
          multiple={multiple}
          onChoose={choose}
          onActivate={nav.setActiveIndex}
          aria-label={typeof label === "string" ? label : ariaLabel}
        />
      </FloatingPanel>
    </Field>
  );
}

import { CloseCircleFilled, SearchOutlined, WarningFilled } from "@ant-design/icons";
import { Input } from "antd";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import { Field } from "../field/field";
import { ANTD_SIZE, type ControlSize, type FieldIssue, hasError, issueMessage } from "../field/field-state";
import { FloatingPanel } from "../floating/floating-panel";
import { useDismiss } from "../floating/use-dismiss";
import { autocompleteText, queryAfter } from "./autocomplete-state";
import { OptionIcons } from "./option-content";
import { OptionList, optionId } from "./option-list";
import styles from "./select.module.css";
import { filterOptions, type OptionValue, SELECT_PLACEHOLDER, type SelectOption } from "./select-options";
import { useListNavigation } from "./use-list-navigation";

export interface AutocompleteProps<V extends OptionValue> {
  id?: string;
  label?: ReactNode;
  "aria-label"?: string;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange(value: NoInfer<V> | null): void;
  placeholder?: string;
  optional?: boolean;
  disabled?: boolean;
  /** Show a button that empties the choice (onChange(null)). */
  allowClear?: boolean;
  issue?: FieldIssue | null;
  size?: ControlSize;
  className?: string;
}

/**
 * A text field that filters its options as you type (case-insensitive, over display
 * value, label and sub-label). Choosing an option, or leaving the field, clears the typed text.
 */
export function Autocomplete<V extends OptionValue>({
  id,
  label,
  "aria-label": ariaLabel,
  options,
  value,
  onChange,
  placeholder = SELECT_PLACEHOLDER,
  optional,
  disabled,
  allowClear,
  issue,
  size = "md",
  className,
}: AutocompleteProps<V>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const filtered = useMemo(() => filterOptions(options, query ?? ""), [options, query]);
  const chosen = options.find((option) => option.value === value);

  const choose = (index: number) => {
    const option = filtered[index];
    if (!option || option.disabled) return;
    onChange(option.value);
    setQuery(queryAfter("choose"));
    setOpen(false);
  };

  const nav = useListNavigation({
    options: filtered,
    open,
    setOpen,
    onChoose: choose,
    initialIndex: () => filtered.findIndex((option) => option.value === value),
    typeAhead: false,
  });

  const dismiss = () => {
    setOpen(false);
    setQuery(queryAfter("blur"));
  };
  useDismiss(open, [anchorRef, panelRef], { onOutside: dismiss });

  const error = hasError(undefined, issue);
  const message = issueMessage(issue);

  return (
    <Field
      htmlFor={inputId}
      label={label}
      optional={optional}
      help={error ? message : undefined}
      error={error}
      className={className}
    >
      <div ref={anchorRef}>
        <Input
          id={inputId}
          role="combobox"
          aria-label={label === undefined ? ariaLabel : undefined}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={
            open && nav.activeIndex >= 0 && nav.activeIndex < filtered.length
              ? optionId(listId, nav.activeIndex)
              : undefined
          }
          aria-invalid={error || undefined}
          autoComplete="off"
          value={autocompleteText(query, options, value)}
          placeholder={placeholder}
          disabled={disabled}
          size={ANTD_SIZE[size]}
          status={error ? "error" : undefined}
          prefix={
            chosen && query === null ? (
              <OptionIcons option={chosen} />
            ) : (
              <SearchOutlined aria-hidden className={styles.searchIcon} />
            )
          }
          suffix={
            <>
              {error ? (
                <WarningFilled className={styles.alert} role="img" aria-label={message ?? "Invalid value"} />
              ) : null}
              {allowClear && value !== null && !disabled ? (
                <button
                  type="button"
                  className={styles.clear}
                  aria-label="Clear"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    onChange(null);
                    setQuery(null);
                  }}
                >
                  <CloseCircleFilled aria-hidden />
                </button>
              ) : null}
            </>
          }
          onChange={(event) => {
            setQuery(queryAfter("type", event.target.value));
            nav.setActiveIndex(event.target.value === "" ? -1 : 0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={(event) => {
            if (panelRef.current?.contains(event.relatedTarget as Node | null)) return;
            dismiss();
          }}
          onKeyDown={(event) => {
            if (nav.onKey(event)) event.preventDefault();
          }}
        />
      </div>
      <FloatingPanel open={open} anchorRef={anchorRef} panelRef={panelRef} matchWidth>
        <OptionList
          id={listId}
          options={filtered}
          activeIndex={nav.activeIndex}
          isSelected={(v) => v === value}
          onChoose={choose}
          onActivate={nav.setActiveIndex}
          aria-label={typeof label === "string" ? label : ariaLabel}
        />
      </FloatingPanel>
    </Field>
  );
}

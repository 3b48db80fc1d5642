import { TableOutlined } from "@ant-design/icons";
import { Button, Checkbox } from "antd";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Popover } from "@/components/controls/popover/popover";
import type { ColumnChoiceItem } from "./column-choice";
import styles from "./column-picker.module.css";

export interface ColumnPickerProps {
  choices: ColumnChoiceItem[];
  onChange(key: string, shown: boolean): void;
}

/**
 * The list toolbar's Columns control: a check box per custom field, applied as it is
 * ticked. Keyboard: Enter or Space on the button opens it with focus on the first box,
 * Tab moves between boxes, Space ticks, Escape closes and returns to the button.
 */
export default function ColumnPicker({ choices, onChange }: ColumnPickerProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const id = useId();

  // The popover renders at the end of the page: without moving focus into it, Tab from the
  // button would never reach the boxes. Only once it is open: hidden while it is placed, it
  // cannot take focus.
  const afterOpenChange = (opened: boolean) => {
    if (opened) groupRef.current?.querySelector("input")?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The popover closes itself on Escape; focus goes back to where it came from.
    if (event.key === "Escape") buttonRef.current?.focus();
  };

  const content = (
    <fieldset id={id} ref={groupRef} aria-label="Custom-field columns" className={styles.group} onKeyDown={onKeyDown}>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <Checkbox key={choice.key} checked={choice.shown} onChange={(e) => onChange(choice.key, e.target.checked)}>
            {choice.name}
          </Checkbox>
        ))}
      </div>
      <p className={styles.note}>Filters work for every field, shown or not.</p>
    </fieldset>
  );

  return (
    <Popover content={content} placement="bottom" open={open} onOpenChange={setOpen} afterOpenChange={afterOpenChange}>
      <Button
        ref={buttonRef}
        icon={<TableOutlined />}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
      >
        Columns
      </Button>
    </Popover>
  );
}

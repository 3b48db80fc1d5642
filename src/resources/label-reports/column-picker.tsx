import { TableOutlined } from "@ant-design/icons";
import { Button, Checkbox, Modal } from "antd";
import { useId, useRef, useState } from "react";
import type { ColumnChoiceItem } from "./column-choice";
import styles from "./column-picker.module.css";

export interface ColumnPickerProps {
  choices: ColumnChoiceItem[];
  onChange(key: string, shown: boolean): void;
}

/**
 * The list toolbar's Columns control: a small dialog with a check box per custom field,
 * applied as it is ticked (the table shows the change behind it). Keyboard: Enter or Space
 * on the button opens it with focus on the first box, Tab moves between boxes, Space ticks,
 * Escape or Done closes it and focus returns to the button.
 */
export default function ColumnPicker({ choices, onChange }: ColumnPickerProps) {
  const [open, setOpen] = useState(false);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const id = useId();
  const close = () => setOpen(false);

  return (
    <>
      <Button
        icon={<TableOutlined />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(true)}
      >
        Columns
      </Button>
      <Modal
        open={open}
        title="Columns"
        width={360}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            Done
          </Button>
        }
        // Focus starts on the first box, so Space ticks at once.
        afterOpenChange={(opened) => {
          if (opened) groupRef.current?.querySelector("input")?.focus({ preventScroll: true });
        }}
      >
        <fieldset id={id} ref={groupRef} aria-label="Custom-field columns" className={styles.group}>
          <div className={styles.choices}>
            {choices.map((choice) => (
              <Checkbox
                key={choice.key}
                checked={choice.shown}
                onChange={(e) => onChange(choice.key, e.target.checked)}
              >
                {choice.name}
              </Checkbox>
            ))}
          </div>
          <p className={styles.note}>Filters work for every field, shown or not.</p>
        </fieldset>
      </Modal>
    </>
  );
}

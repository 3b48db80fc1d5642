import { CloseOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import type { FilterChip } from "./list-selection";
import styles from "./resource-list.module.css";

interface FilterChipsProps {
  chips: FilterChip[];
  onRemove(chip: FilterChip): void;
  onClearAll(): void;
}

/**
 * The applied filters, each a chip (a button, so the keyboard reaches it) that removes it;
 * several also offer to clear them all.
 */
export function FilterChips({ chips, onRemove, onClearAll }: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <Flex wrap gap="small" align="center" role="group" aria-label="Applied filters" className={styles.chips}>
      {chips.map((chip) => (
        <Button
          key={chip.keys.join(",")}
          size="small"
          shape="round"
          icon={<CloseOutlined aria-hidden />}
          iconPosition="end"
          aria-label={`Remove filter ${chip.label}`}
          onClick={() => onRemove(chip)}
        >
          {chip.label}
        </Button>
      ))}
      {chips.length > 1 ? (
        <Button type="link" size="small" onClick={onClearAll}>
          Clear filters
        </Button>
      ) : null}
    </Flex>
  );
}

import { Button, Empty } from "antd";

interface EmptyListProps {
  /** The list's name in lower case, e.g. "label reports". */
  what: string;
  /** The search or filters hide rows: say so and offer to clear them. */
  narrowed: boolean;
  onClear(): void;
}

/** What an empty list says: nothing matches the search or filters (with a way back), or nothing exists yet. */
export function EmptyList({ what, narrowed, onClear }: EmptyListProps) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={narrowed ? `No ${what} match the search or filters.` : `No ${what} yet.`}
    >
      {narrowed ? (
        <Button type="primary" onClick={onClear}>
          Clear search and filters
        </Button>
      ) : null}
    </Empty>
  );
}

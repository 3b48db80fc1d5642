import type { ListResourceName } from "@core/domain/resources";
import { Input } from "antd";
import { useEffect, useRef, useState } from "react";
import { useKeyFilter } from "./filter-selects";

const TYPING_PAUSE_MS = 350;

interface TextFilterProps {
  /** The list's resource name (core/domain/resources.ts). */
  resource: ListResourceName;
  /** The text key filtered. */
  filterKey: string;
  /** The accessible name, e.g. "Filter by carrier". */
  label: string;
  placeholder: string;
  className?: string;
}

/**
 * A free-text filter beside the search box (`key[ilike]text`: rows whose value contains
 * the text, whatever the case). Applied after a pause in typing, like the search box, so
 * the URL does not gain one history entry per key.
 */
export function TextFilter({ resource, filterKey, label, placeholder, className }: TextFilterProps) {
  const { current, set } = useKeyFilter(resource, filterKey);
  const applied = current?.operator === "ilike" || current?.operator === "eq" ? current.value : "";
  const [text, setText] = useState(applied);
  // The setter is new on every render; a render must not restart the pause.
  const setFilter = useRef(set);
  setFilter.current = set;
  useEffect(() => setText(applied), [applied]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === applied) return;
    const timer = setTimeout(
      () => setFilter.current(wanted ? [{ key: filterKey, operator: "ilike", value: wanted }] : []),
      TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, applied, filterKey]);
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={placeholder}
      className={className}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

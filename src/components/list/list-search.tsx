import Search from "antd/es/input/Search";
import { useEffect, useState } from "react";
import styles from "./resource-list.module.css";

const SEARCH_DEBOUNCE_MS = 350;

/** The search box: applies on Enter, on clear, and after a pause in typing. */
export function ListSearch({
  value,
  onSearch,
  placeholder,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Search
      className={styles.search}
      aria-label="Search"
      allowClear
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={onSearch}
    />
  );
}

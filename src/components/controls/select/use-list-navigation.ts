import { type KeyboardEvent, useRef, useState } from "react";
import { nextEnabledIndex, type OptionValue, type SelectOption } from "./select-options";
import { findTypeAheadMatch, TypeAhead } from "./type-ahead";

export interface ListNavigation {
  activeIndex: number;
  setActiveIndex(index: number): void;
  /** Handles a key on the field; returns whether it was used. */
  onKey(event: KeyboardEvent<HTMLElement>): boolean;
}

interface Options<V extends OptionValue> {
  options: readonly SelectOption<V>[];
  open: boolean;
  setOpen(open: boolean): void;
  onChoose(index: number): void;
  /** The index to activate when the list opens (the chosen option). */
  initialIndex(): number;
  /** Printable keys search by type-ahead (not in the autocomplete, where they are typed). */
  typeAhead: boolean;
  /** Closed list: type-ahead chooses directly, as a native select does. */
  chooseWhileClosed?: boolean;
}

/** Arrow, Home/End, Enter, Escape, Tab and type-ahead over a list of options. */
export function useListNavigation<V extends OptionValue>({
  options,
  open,
  setOpen,
  onChoose,
  initialIndex,
  typeAhead,
  chooseWhileClosed = false,
}: Options<V>): ListNavigation {
  const [activeIndex, setActiveIndex] = useState(-1);
  const search = useRef(new TypeAhead());

  const openAt = (index: number) => {
    setActiveIndex(index);
    setOpen(true);
  };

  const onKey = (event: KeyboardEvent<HTMLElement>): boolean => {
    const { key } = event;
    if (key === "ArrowDown" || key === "ArrowUp") {
      const direction = key === "ArrowDown" ? 1 : -1;
      if (!open) {
        const start = initialIndex();
        openAt(start >= 0 ? start : nextEnabledIndex(options, direction === 1 ? -1 : 0, direction));
      } else {
        setActiveIndex(nextEnabledIndex(options, activeIndex, direction));
      }
      return true;
    }
    if (open && (key === "Home" || key === "End")) {
      setActiveIndex(key === "Home" ? nextEnabledIndex(options, -1, 1) : nextEnabledIndex(options, 0, -1));
      return true;
    }
    if (key === "Enter" || (key === " " && typeAhead)) {
      if (!open) {
        openAt(initialIndex());
        return true;
      }
      const option = options[activeIndex];
      if (option && !option.disabled) onChoose(activeIndex);
      return true;
    }
    if (key === "Escape" && open) {
      setOpen(false);
      return true;
    }
    if (key === "Tab" && open) {
      setOpen(false);
      return false;
    }
    if (typeAhead && key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const text = search.current.push(key, Date.now());
      const from = open ? activeIndex : initialIndex();
      const match = findTypeAheadMatch(options, text, from);
      if (match >= 0) {
        setActiveIndex(match);
        if (!open && chooseWhileClosed) onChoose(match);
      }
      return true;
    }
    return false;
  };

  return { activeIndex, setActiveIndex, onKey };
}

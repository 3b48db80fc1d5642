import { type RefObject, useEffect, useRef } from "react";

export interface DismissHandlers {
  /** A pointer went down outside every element in `inside`. */
  onOutside?: () => void;
  /** Escape was pressed anywhere while open. */
  onEscape?: () => void;
}

/**
 * Listens, while `open`, for a pointer-down outside the given elements and for Escape
 * (the popover rule: close on outside click or Escape).
 */
export function useDismiss(
  open: boolean,
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
  handlers: DismissHandlers,
): void {
  const latest = useRef({ inside, handlers });
  latest.current = { inside, handlers };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      const target = event.target as Node | null;
      const within = latest.current.inside.some((ref) => ref.current && target && ref.current.contains(target));
      if (!within) latest.current.handlers.onOutside?.();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && latest.current.handlers.onEscape) {
        event.preventDefault();
        latest.current.handlers.onEscape();
      }
    };
    document.addEventListener("mousedown", onPointerDown);
    document.addEventListener("touchstart", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("mousedown", onPointerDown);
      document.removeEventListener("touchstart", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);
}

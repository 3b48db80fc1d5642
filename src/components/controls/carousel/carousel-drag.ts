/** The carousel's drag rule: the track scrolls twice as far as the pointer moves. */

export const CAROUSEL_DRAG_MULTIPLIER = 2;
/** A pointer that moved less than this (px) clicked rather than dragged. */
export const CAROUSEL_DRAG_THRESHOLD = 4;

/** The scroll position while dragging: against the pointer's movement, times the multiplier, kept in range. */
export function dragScrollLeft(
  startScrollLeft: number,
  startX: number,
  currentX: number,
  maxScrollLeft: number,
  multiplier: number = CAROUSEL_DRAG_MULTIPLIER,
): number {
  const next = startScrollLeft - (currentX - startX) * multiplier;
  return Math.min(Math.max(0, next), Math.max(0, maxScrollLeft));
}

/** Where the previous/next buttons scroll: one page (the visible width) back or forth, kept in range. */
export function pageScrollLeft(scrollLeft: number, pageWidth: number, maxScrollLeft: number, direction: 1 | -1) {
  return Math.min(Math.max(0, scrollLeft + direction * pageWidth), Math.max(0, maxScrollLeft));
}

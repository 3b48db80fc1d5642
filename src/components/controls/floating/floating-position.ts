/** Where a floating panel goes next to its anchor: below it, or above when only there it fits. */

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface FloatingPlacement {
  top: number;
  left: number;
  /** Whether the panel sits above the anchor. */
  flipped: boolean;
}

/** Gap between an anchor and its panel, in px. */
const FLOATING_GAP = 4;

/**
 * Viewport coordinates (position: fixed) for a panel of `panel` size under `anchor`,
 * flipped above it when it does not fit below but does above, and kept inside the
 * viewport horizontally.
 */
export function placeFloating(
  anchor: Box,
  panel: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = FLOATING_GAP,
): FloatingPlacement {
  const below = anchor.top + anchor.height + gap;
  const above = anchor.top - gap - panel.height;
  const fitsBelow = below + panel.height <= viewport.height;
  const flipped = !fitsBelow && above >= 0;
  const maxLeft = Math.max(0, viewport.width - panel.width);
  const left = Math.min(Math.max(0, anchor.left), maxLeft);
  return { top: flipped ? above : below, left, flipped };
}

/** The floating layer's own z-index (floating-panel.module.css), above antd's drawers (1000). */
const FLOATING_LAYER = 1050;

/**
 * The z-index a panel opened from this anchor needs. The panel is portalled to the body,
 * so it must outrank every layer its anchor sits in: antd stacks a modal opened over a
 * drawer at 1100 and up (its z-index context), and a fixed 1050 opened the download
 * dialog's time-zone list behind the dialog.
 */
export function layerAbove(anchor: Element | null): number {
  let highest = FLOATING_LAYER - 1;
  for (let element = anchor; element; element = element.parentElement) {
    const z = Number.parseInt(getComputedStyle(element).zIndex, 10);
    if (Number.isFinite(z) && z > highest) highest = z;
  }
  return highest + 1;
}

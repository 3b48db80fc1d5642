/**
 * Tooltip placements with a fixed gap between the trigger and the bubble: 10 px by
 * default, 8 px for the range slider's own tooltips.
 */

export const TOOLTIP_OFFSET = 10;

export type TooltipSide = "top" | "bottom" | "left" | "right";

export interface Placement {
  points: [string, string];
  offset: [number, number];
  overflow: { adjustX: number; adjustY: number };
}

const POINTS: Record<TooltipSide, [string, string]> = {
  top: ["bc", "tc"],
  bottom: ["tc", "bc"],
  left: ["cr", "cl"],
  right: ["cl", "cr"],
};

/** The [x, y] shift that puts a popup `distance` px away from its trigger on a side. */
export function tooltipOffset(side: TooltipSide, distance: number = TOOLTIP_OFFSET): [number, number] {
  switch (side) {
    case "top":
      return [0, -distance];
    case "bottom":
      return [0, distance];
    case "left":
      return [-distance, 0];
    case "right":
      return [distance, 0];
  }
}

/** antd/rc-trigger `builtinPlacements` for the four sides at the given distance. */
export function tooltipPlacements(distance: number = TOOLTIP_OFFSET): Record<TooltipSide, Placement> {
  const sides: TooltipSide[] = ["top", "bottom", "left", "right"];
  return Object.fromEntries(
    sides.map((side) => [
      side,
      { points: POINTS[side], offset: tooltipOffset(side, distance), overflow: { adjustX: 1, adjustY: 1 } },
    ]),
  ) as Record<TooltipSide, Placement>;
}

/** The popover rule: toggle on click, close on a click outside or Escape. */

export type PopoverEvent = "trigger-click" | "outside-click" | "escape";

export function nextPopoverOpen(open: boolean, event: PopoverEvent): boolean {
  if (event === "trigger-click") return !open;
  return false;
}

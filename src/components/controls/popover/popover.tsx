import { Popover as AntdPopover } from "antd";
import { type ReactElement, type ReactNode, useEffect, useMemo, useState } from "react";
import { TOOLTIP_OFFSET, type TooltipSide, tooltipPlacements } from "../tooltip/tooltip-placements";
import { nextPopoverOpen, type PopoverEvent } from "./popover-state";

export interface PopoverProps {
  content: ReactNode;
  title?: ReactNode;
  children: ReactElement;
  placement?: TooltipSide;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Once the popover has finished opening or closing (its content can take focus from then on). */
  afterOpenChange?(open: boolean): void;
}

/** A popover that toggles on click and closes on a click outside or Escape. */
export function Popover({
  content,
  title,
  children,
  placement = "bottom",
  afterOpenChange,
  ...controlled
}: PopoverProps) {
  const [uncontrolled, setUncontrolled] = useState(false);
  const open = controlled.open ?? uncontrolled;
  const placements = useMemo(() => tooltipPlacements(TOOLTIP_OFFSET), []);

  const apply = (event: PopoverEvent) => {
    const next = nextPopoverOpen(open, event);
    if (next === open) return;
    setUncontrolled(next);
    controlled.onOpenChange?.(next);
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !nextPopoverOpen(true, "escape")) {
        setUncontrolled(false);
        controlled.onOpenChange?.(false);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, controlled.onOpenChange]);

  return (
    <AntdPopover
      content={content}
      title={title}
      trigger="click"
      placement={placement}
      builtinPlacements={placements}
      open={open}
      afterOpenChange={afterOpenChange}
      // rc-trigger asks to open on a click on the trigger, and to close on a click on it or outside.
      onOpenChange={(next) => apply(next ? "trigger-click" : "outside-click")}
    >
      {children}
    </AntdPopover>
  );
}

import { Tooltip as AntdTooltip } from "antd";
import { type ReactElement, type ReactNode, useMemo } from "react";
import { TOOLTIP_OFFSET, type TooltipSide, tooltipPlacements } from "./tooltip-placements";

export interface TooltipProps {
  title: ReactNode;
  children: ReactElement;
  placement?: TooltipSide;
  /** Gap between the trigger and the tooltip, in px. */
  offset?: number;
  open?: boolean;
  /** Open when it mounts (and then as usual); for a tooltip mounted by the hover it answers. */
  defaultOpen?: boolean;
}

/** antd's tooltip, placed `offset` (10) px from its trigger. */
export function Tooltip({
  title,
  children,
  placement = "top",
  offset = TOOLTIP_OFFSET,
  open,
  defaultOpen,
}: TooltipProps) {
  const placements = useMemo(() => tooltipPlacements(offset), [offset]);
  return (
    <AntdTooltip
      title={title}
      placement={placement}
      builtinPlacements={placements}
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
    >
      {children}
    </AntdTooltip>
  );
}

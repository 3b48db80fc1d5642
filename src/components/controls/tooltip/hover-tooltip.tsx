import { cloneElement, type ReactElement, type SyntheticEvent, useState } from "react";
import { Tooltip, type TooltipProps } from "./tooltip";

/**
 * A tooltip that costs nothing until it is first wanted: the trigger renders alone, and
 * antd's tooltip (a trigger, a portal and a resize observer per instance) mounts, already
 * open, on the first pointer enter or focus. For tooltips repeated on every row of a list.
 */
export function HoverTooltip({ children, ...props }: TooltipProps) {
  const [armed, setArmed] = useState(false);
  if (armed)
    return (
      <Tooltip {...props} defaultOpen>
        {children}
      </Tooltip>
    );
  const child = children as ReactElement<Record<string, unknown>>;
  const arm = (handler: unknown) => (event: SyntheticEvent) => {
    if (typeof handler === "function") handler(event);
    setArmed(true);
  };
  return cloneElement(child, {
    onMouseEnter: arm(child.props.onMouseEnter),
    onFocus: arm(child.props.onFocus),
  });
}

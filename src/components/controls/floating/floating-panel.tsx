import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import styles from "./floating-panel.module.css";
import { type FloatingPlacement, layerAbove, placeFloating } from "./floating-position";

export interface FloatingPanelProps {
  open: boolean;
  anchorRef: RefObject<HTMLElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
  /** Match the anchor's width (dropdown lists) instead of the content's. */
  matchWidth?: boolean;
  className?: string;
  id?: string;
  role?: string;
  "aria-label"?: string;
  "aria-modal"?: boolean;
}

/**
 * A panel floating under its anchor, in a portal so no overflow clips it: the layer
 * under the date picker and the select lists. It follows scroll and resize.
 */
export function FloatingPanel({
  open,
  anchorRef,
  panelRef,
  children,
  matchWidth = false,
  className,
  ...rest
}: FloatingPanelProps) {
  const [placement, setPlacement] = useState<(FloatingPlacement & { width: number }) | null>(null);
  const [zIndex, setZIndex] = useState<number | null>(null);

  useLayoutEffect(() => {
    if (!open) {
      setPlacement(null);
      return;
    }
    setZIndex(layerAbove(anchorRef.current));
    const update = () => {
      const anchor = anchorRef.current?.getBoundingClientRect();
      const panel = panelRef.current?.getBoundingClientRect();
      if (!anchor) return;
      const place = placeFloating(
        { top: anchor.top, left: anchor.left, width: anchor.width, height: anchor.height },
        { width: matchWidth ? anchor.width : (panel?.width ?? 0), height: panel?.height ?? 0 },
        { width: window.innerWidth, height: window.innerHeight },
      );
      setPlacement((previous) =>
        previous &&
        previous.top === place.top &&
        previous.left === place.left &&
        previous.flipped === place.flipped &&
        previous.width === anchor.width
          ? previous
          : { ...place, width: anchor.width },
      );
    };
    update();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    if (observer && panelRef.current) observer.observe(panelRef.current);
    window.addEventListener("scroll", update, true);
    window.addEventListener("resize", update);
    return () => {
      observer?.disconnect();
      window.removeEventListener("scroll", update, true);
      window.removeEventListener("resize", update);
    };
  }, [open, anchorRef, panelRef, matchWidth]);

  if (!open) return null;
  // Until measured, the panel is laid out transparent (still focusable) so its size can be read.
  const layer: CSSProperties = zIndex === null ? {} : { zIndex };
  const style: CSSProperties = placement
    ? { ...layer, top: placement.top, left: placement.left, ...(matchWidth ? { width: placement.width } : {}) }
    : { ...layer, top: 0, left: 0, opacity: 0, pointerEvents: "none" };
  return createPortal(
    <div
      ref={panelRef}
      className={[styles.panel, className].filter(Boolean).join(" ")}
      style={style}
      data-flipped={placement?.flipped ? "" : undefined}
      {...rest}
    >
      {children}
    </div>,
    document.body,
  );
}

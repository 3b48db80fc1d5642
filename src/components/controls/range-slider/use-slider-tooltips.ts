import { useEffect, useRef, useState } from "react";
import { TRACK_CLICK_TOOLTIP_MS } from "./range-slider-state";

/**
 * When the slider's tooltips show: while a handle is hovered, focused from the keyboard
 * or dragged, and for 400 ms after a click on the track.
 */
export function useSliderTooltips(enabled: boolean) {
  const [hovered, setHovered] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [flash, setFlash] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function flashAfterTrackClick() {
    if (timer.current) clearTimeout(timer.current);
    setFlash(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setFlash(false);
    }, TRACK_CLICK_TOOLTIP_MS);
  }

  return {
    visible: enabled && (hovered || keyboard || dragging || flash),
    setHovered,
    setKeyboard,
    setDragging,
    flashAfterTrackClick,
  };
}

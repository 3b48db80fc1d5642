import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { Children, type PointerEvent, type ReactNode, useRef } from "react";
import styles from "./carousel.module.css";
import { CAROUSEL_DRAG_MULTIPLIER, CAROUSEL_DRAG_THRESHOLD, dragScrollLeft, pageScrollLeft } from "./carousel-drag";

export interface CarouselProps {
  children: ReactNode;
  "aria-label": string;
  /** How far the track scrolls per pixel dragged. */
  dragMultiplier?: number;
  className?: string;
}

/** A horizontal strip of cards: drag it (at twice the pointer's speed) or page with the buttons. */
export function Carousel({ children, dragMultiplier = CAROUSEL_DRAG_MULTIPLIER, className, ...rest }: CarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startScroll: number; moved: boolean } | null>(null);

  const maxScroll = (track: HTMLUListElement) => track.scrollWidth - track.clientWidth;

  const onPointerDown = (event: PointerEvent<HTMLUListElement>) => {
    const track = trackRef.current;
    if (!track || event.pointerType !== "mouse" || event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startScroll: track.scrollLeft, moved: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLUListElement>) => {
    const track = trackRef.current;
    const state = drag.current;
    if (!track || !state || state.pointerId !== event.pointerId) return;
    if (!state.moved && Math.abs(event.clientX - state.startX) < CAROUSEL_DRAG_THRESHOLD) return;
    if (!state.moved) {
      state.moved = true;
      track.setPointerCapture?.(event.pointerId);
      track.dataset.dragging = "";
    }
    track.scrollLeft = dragScrollLeft(state.startScroll, state.startX, event.clientX, maxScroll(track), dragMultiplier);
  };

  const endDrag = (event: PointerEvent<HTMLUListElement>) => {
    const track = trackRef.current;
    if (!track || drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    delete track.dataset.dragging;
  };

  const page = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    track.scrollTo({ left: pageScrollLeft(track.scrollLeft, track.clientWidth, maxScroll(track), direction) });
  };

  return (
    <section className={[styles.carousel, className].filter(Boolean).join(" ")} aria-label={rest["aria-label"]}>
      <Button shape="circle" icon={<LeftOutlined />} aria-label="Previous" onClick={() => page(-1)} />
      <ul
        ref={trackRef}
        className={styles.track}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling strip must be reachable by keyboard.
        tabIndex={0}
        aria-label={`${rest["aria-label"]} items`}
      >
        {Children.map(children, (child) => (
          <li className={styles.item}>{child}</li>
        ))}
      </ul>
      <Button shape="circle" icon={<RightOutlined />} aria-label="Next" onClick={() => page(1)} />
    </section>
  );
}

import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";
import styles from "./range-slider.module.css";
import {
  formatSliderValue,
  type HandleIndex,
  isRange,
  moveHandle,
  nearerHandle,
  rangeText,
  ratioOf,
  SLIDER_DEFAULTS,
  SLIDER_TOOLTIP_OFFSET,
  type SliderFormat,
  type SliderUnitType,
  type SliderValue,
  type SliderVariant,
  sliderDecimals,
  type TimestampUnit,
  tickValues,
  tooltipsOverlap,
  valueAtRatio,
  valueForKey,
} from "./range-slider-state";
import { useSliderTooltips } from "./use-slider-tooltips";

export interface RangeSliderProps<V extends SliderValue> {
  value: V;
  onChange(value: NoInfer<V>): void;
  /** Called once a drag or key press has ended with the final value. */
  onChangeEnd?(value: NoInfer<V>): void;
  min?: number;
  max?: number;
  step?: number;
  variant?: SliderVariant;
  rangeCharacter?: string;
  showTooltip?: boolean;
  showTickLabels?: boolean;
  unitType?: SliderUnitType;
  locale?: string;
  timestampUnit?: TimestampUnit;
  /** IANA zone for timestamps; the interface preference by default. */
  timeZone?: string;
  /** Text after numbers, such as '°C'. */
  unit?: string;
  disabled?: boolean;
  /** Accessible names of the handles: one for a single value, [lower, upper] for a range. */
  "aria-label"?: string | [string, string];
  className?: string;
}

/** The min tooltip's width showing its own value only (it may be showing the whole range). */
function singleWidth(tooltip: HTMLElement | null, text: HTMLElement | null): number {
  if (!tooltip || !text) return 0;
  const style = getComputedStyle(tooltip);
  const padding = (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
  const width = text.getBoundingClientRect().width;
  return width === 0 ? 0 : width + padding;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(4)}%`;

/**
 * A slider over one value or a two-handle range: values snap to the step and stay in
 * [min, max], the handles stay one step apart, a click on the track moves the nearer
 * handle, and tooltips and tick labels show numbers or timestamps.
 */
export function RangeSlider<V extends SliderValue>({
  value,
  onChange,
  onChangeEnd,
  min = SLIDER_DEFAULTS.min,
  max = SLIDER_DEFAULTS.max,
  step = SLIDER_DEFAULTS.step,
  variant = SLIDER_DEFAULTS.variant,
  rangeCharacter = SLIDER_DEFAULTS.rangeCharacter,
  showTooltip = SLIDER_DEFAULTS.showTooltip,
  showTickLabels = SLIDER_DEFAULTS.showTickLabels,
  unitType = SLIDER_DEFAULTS.unitType,
  locale,
  timestampUnit = SLIDER_DEFAULTS.timestampUnit,
  timeZone,
  unit,
  disabled = false,
  "aria-label": ariaLabel,
  className,
}: RangeSliderProps<V>) {
  // Unless told otherwise, a slider writes its values as the person's chosen locale and zone do.
  const preferredZone = usePreferencesStore(selectTimeZoneName);
  const preferredLocale = usePreferencesStore((s) => s.locale);
  const scale = { min, max, step };
  const format: SliderFormat = {
    unitType,
    decimals: sliderDecimals(step),
    locale: locale ?? preferredLocale,
    timeZone: timeZone ?? preferredZone,
    timestampUnit,
    unit,
  };
  const text = (v: number) => formatSliderValue(v, format);
  const values: number[] = isRange(value) ? value : [value];
  const range = isRange(value);
  const labels: string[] = Array.isArray(ariaLabel)
    ? ariaLabel
    : range
      ? ["Minimum", "Maximum"]
      : [ariaLabel ?? "Value"];

  const trackRef = useRef<HTMLDivElement>(null);
  const handleRefs = [useRef<HTMLDivElement>(null), useRef<HTMLDivElement>(null)];
  const minTextRef = useRef<HTMLSpanElement>(null);
  const minTooltipRef = useRef<HTMLDivElement>(null);
  const maxTooltipRef = useRef<HTMLDivElement>(null);
  const valueRef = useRef(value);
  valueRef.current = value;
  const tooltips = useSliderTooltips(showTooltip && !disabled);
  const [merged, setMerged] = useState(false);
  // Focus given by a pointer press shows no tooltip by itself (only keyboard focus does).
  const pointerFocus = useRef(false);
  const focusHandle = (handle: HandleIndex) => {
    pointerFocus.current = true;
    handleRefs[handle]?.current?.focus();
    pointerFocus.current = false;
  };

  const emit = (next: SliderValue) => {
    const same =
      isRange(next) && isRange(valueRef.current)
        ? next[0] === valueRef.current[0] && next[1] === valueRef.current[1]
        : next === valueRef.current;
    if (same) return;
    valueRef.current = next as V;
    onChange(next as V);
  };

  const valueAtPointer = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return min;
    return valueAtRatio((clientX - rect.left) / rect.width, scale);
  };

  const startDrag = (handle: HandleIndex, pointerId: number) => {
    tooltips.setDragging(true);
    const onMove = (event: PointerEvent) => {
      if (event.pointerId !== pointerId) return;
      emit(moveHandle(valueRef.current, handle, valueAtPointer(event.clientX), scale));
    };
    const onUp = (event: PointerEvent) => {
      if (event.pointerId !== pointerId) return;
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      tooltips.setDragging(false);
      onChangeEnd?.(valueRef.current);
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onUp);
  };

  const onHandlePointerDown = (handle: HandleIndex) => (event: ReactPointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    focusHandle(handle);
    startDrag(handle, event.pointerId);
  };

  const onTrackPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    const at = valueAtPointer(event.clientX);
    const handle = nearerHandle(valueRef.current, at);
    emit(moveHandle(valueRef.current, handle, at, scale));
    focusHandle(handle);
    tooltips.flashAfterTrackClick();
    startDrag(handle, event.pointerId);
  };

  const onKeyDown = (handle: HandleIndex) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const current = values[handle] ?? min;
    const target = valueForKey(current, event.key, scale);
    if (target === null) return;
    event.preventDefault();
    tooltips.setKeyboard(true);
    emit(moveHandle(valueRef.current, handle, target, scale));
    onChangeEnd?.(valueRef.current);
  };

  // The max tooltip hides (and the min one shows the range) when the two would overlap.
  const lowText = text(values[0] ?? min);
  const highText = range ? text(values[1] ?? max) : "";
  useLayoutEffect(() => {
    if (!range) return;
    const width = trackRef.current?.getBoundingClientRect().width ?? 0;
    const overlap = tooltipsOverlap(
      {
        center: ratioOf(values[0] ?? min, scale) * width,
        width: singleWidth(minTooltipRef.current, minTextRef.current),
      },
      {
        center: ratioOf(values[1] ?? max, scale) * width,
        width: maxTooltipRef.current?.getBoundingClientRect().width ?? 0,
      },
    );
    setMerged(overlap);
  });

  const ratios = values.map((v) => ratioOf(v, scale));
  const fill: CSSProperties = range
    ? { left: pct(ratios[0] ?? 0), width: pct((ratios[1] ?? 0) - (ratios[0] ?? 0)) }
    : { left: 0, width: pct(ratios[0] ?? 0) };
  const tooltipStyle = { "--slider-tooltip-offset": `${SLIDER_TOOLTIP_OFFSET}px` } as CSSProperties;

  return (
    <div
      className={[styles.slider, className].filter(Boolean).join(" ")}
      data-variant={variant}
      data-disabled={disabled || undefined}
      data-ticks={showTickLabels || undefined}
      data-tooltips={tooltips.visible || undefined}
      style={tooltipStyle}
    >
      <div ref={trackRef} className={styles.track} onPointerDown={onTrackPointerDown} data-testid="slider-track">
        <div className={styles.rail} />
        <div className={styles.fill} style={fill} />
        {values.map((v, index) => {
          const handle = index as HandleIndex;
          const isMaxHidden = handle === 1 && merged;
          const tooltipText = handle === 0 && merged ? rangeText(lowText, highText, rangeCharacter) : text(v);
          return (
            <div key={labels[handle] ?? index}>
              <div
                ref={handle === 1 ? maxTooltipRef : minTooltipRef}
                className={styles.tooltip}
                style={{ left: pct(ratios[index] ?? 0) }}
                data-visible={(tooltips.visible && !isMaxHidden) || undefined}
                data-handle={handle === 0 ? "min" : "max"}
                aria-hidden
              >
                {handle === 0 ? (
                  <>
                    <span ref={minTextRef}>{lowText}</span>
                    {merged ? <span>{tooltipText.slice(lowText.length)}</span> : null}
                  </>
                ) : (
                  tooltipText
                )}
              </div>
              <div
                ref={handleRefs[handle]}
                role="slider"
                tabIndex={disabled ? -1 : 0}
                aria-label={labels[handle]}
                aria-valuemin={handle === 1 ? (values[0] ?? min) : min}
                aria-valuemax={handle === 0 && range ? (values[1] ?? max) : max}
                aria-valuenow={v}
                aria-valuetext={text(v)}
                aria-orientation="horizontal"
                aria-disabled={disabled || undefined}
                className={styles.handle}
                style={{ left: pct(ratios[index] ?? 0) }}
                onPointerDown={onHandlePointerDown(handle)}
                onKeyDown={onKeyDown(handle)}
                onFocus={(event) => {
                  if (pointerFocus.current) return;
                  let visible = false;
                  try {
                    visible = event.currentTarget.matches(":focus-visible");
                  } catch {
                    visible = false;
                  }
                  if (visible) tooltips.setKeyboard(true);
                }}
                onBlur={() => tooltips.setKeyboard(false)}
                onMouseEnter={() => tooltips.setHovered(true)}
                onMouseLeave={() => tooltips.setHovered(false)}
              />
            </div>
          );
        })}
      </div>
      {showTickLabels ? (
        <div className={styles.ticks} aria-hidden>
          {tickValues(scale).map((tick, i) => (
            <span
              key={["min", "mid", "max"][i]}
              className={styles.tick}
              data-position={["min", "mid", "max"][i]}
              style={{ left: pct(ratioOf(tick, scale)) }}
            >
              {text(tick)}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

import type { ReactNode, SVGProps } from "react";

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  /** Accessible name; without it the icon is decorative (hidden from screen readers). */
  title?: string;
  /** Width and height; 1em by default so icons follow the text size. */
  size?: number | string;
  /** Fill the outline icons' closed shapes. */
  filled?: boolean;
}

interface SvgIconProps extends IconProps {
  viewBox: string;
  children: ReactNode;
  /** Line icons stroke in currentColor; pictures (flags, brands) carry their own colours. */
  line?: boolean;
  /** The aspect ratio width/height of the picture. */
  ratio?: number;
}

/** Inline SVG wrapper: named (role img) when titled, else decorative. */
export function SvgIcon({
  title,
  size = "1em",
  filled,
  viewBox,
  children,
  line = false,
  ratio = 1,
  ...rest
}: SvgIconProps) {
  const height = size;
  const width = typeof size === "number" ? size * ratio : ratio === 1 ? size : `calc(${size} * ${ratio})`;
  const lineProps = line
    ? {
        fill: filled ? "currentColor" : "none",
        fillOpacity: filled ? 0.2 : undefined,
        stroke: "currentColor",
        strokeWidth: 1.8,
        strokeLinecap: "round" as const,
        strokeLinejoin: "round" as const,
      }
    : {};
  const common: SVGProps<SVGSVGElement> = {
    xmlns: "http://www.w3.org/2000/svg",
    viewBox,
    width,
    height,
    focusable: "false",
    ...lineProps,
    ...rest,
  };
  if (!title) {
    return (
      <svg aria-hidden="true" {...common}>
        {children}
      </svg>
    );
  }
  return (
    <svg role="img" aria-label={title} {...common}>
      <title>{title}</title>
      {children}
    </svg>
  );
}

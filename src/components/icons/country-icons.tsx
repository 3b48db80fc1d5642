import { type ComponentType, type ReactNode, useId } from "react";
import { type IconProps, SvgIcon } from "./svg-icon";

/** The country flags, simplified, 3:2 on a 30×20 grid. */

export const COUNTRY_ICON_NAMES = [
  "china",
  "france",
  "germany",
  "japan",
  "netherlands",
  "portugal",
  "spain",
  "unitedStates",
] as const;
export type CountryIconName = (typeof COUNTRY_ICON_NAMES)[number];

const COUNTRY_NAMES: Record<CountryIconName, string> = {
  china: "China",
  france: "France",
  germany: "Germany",
  japan: "Japan",
  netherlands: "Netherlands",
  portugal: "Portugal",
  spain: "Spain",
  unitedStates: "United States",
};

/** The points of a five-pointed star, for SVG polygons. */
export function starPoints(cx: number, cy: number, outer: number, rotation = 0): string {
  const inner = outer * 0.382;
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = ((-90 + rotation + i * 36) * Math.PI) / 180;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(" ");
}

function Flag({ children, ...props }: IconProps & { children: ReactNode }) {
  const clip = `flag-${useId().replace(/:/g, "")}`;
  return (
    <SvgIcon viewBox="0 0 30 20" ratio={1.5} {...props}>
      <clipPath id={clip}>
        <rect width="30" height="20" rx="2" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>{children}</g>
      <rect
        x="0.25"
        y="0.25"
        width="29.5"
        height="19.5"
        rx="2"
        fill="none"
        stroke="rgba(0,0,0,0.15)"
        strokeWidth="0.5"
      />
    </SvgIcon>
  );
}

function ChinaFlag(props: IconProps) {
  return (
    <Flag {...props}>
      <rect width="30" height="20" fill="#de2910" />
      <polygon points={starPoints(5, 5, 3)} fill="#ffde00" />
      <polygon points={starPoints(10, 2, 1, 23)} fill="#ffde00" />
      <polygon points={starPoints(12, 4, 1, 46)} fill="#ffde00" />
      <polygon points={starPoints(12, 7, 1, 70)} fill="#ffde00" />
      <polygon points={starPoints(10, 9, 1, 20)} fill="#ffde00" />
    </Flag>
  );
}

function FranceFlag(props: IconProps) {
  return (
    <Flag {...props}>
      <rect width="10" height="20" fill="#0055a4" />
      <rect x="10" width="10" height="20" fill="#ffffff" />
      <rect x="20" width="10" height="20" fill="#ef4135" />
    </Flag>
  );
}

function GermanyFlag(props: IconProps) {
  return (
    <Flag {...props}>
      <rect width="30" height="6.67" fill="#000000" />
      <rect y="6.67" width="30" height="6.67" fill="#dd0000" />
      <rect y="13.33" width="30" height="6.67" fill="#ffce00" />
    </Flag>
  );
}

function JapanFlag(props: IconProps) {
  return (
    <Flag {...props}>
      <rect width="30" height="20" fill="#ffffff" />
      <circle cx="15" cy="10" r="6" fill="#bc002d" />
    </Flag>
  );
}

function NetherlandsFlag(props: IconProps) {
  return (
    <Flag {...props}>
      <rect width="30" height="6.67" fill="#ae1c28" />
      <rect y="6.67" width="30" height="6.67" fill="#ffffff" />
      <rect y="13.33" width="30" height="6.67" fill="#21468b" />
    </Flag>
  );
}

function PortugalFlag(props: IconProps) {
  return (
    <Flag {...props}>
      <rect width="12" height="20" fill="#006600" />
      <rect x="12" width="18" height="20" fill="#ff0000" />
      <circle cx="12" cy="10" r="4" fill="none" stroke="#ffe000" strokeWidth="1.4" />
      <path d="M10.2 7.8h3.6v3.4a1.8 1.8 0 0 1-3.6 0z" fill="#ffffff" stroke="#ff0000" strokeWidth="0.5" />
    </Flag>
  );
}

function SpainFlag(props: IconProps) {
  return (
    <Flag {...props}>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
      <rect x="7" y="7.5" width="3" height="5" rx="0.8" fill="#aa151b" />
    </Flag>
  );
}

const US_STRIPE = 20 / 13;
const US_RED_STRIPES = Array.from({ length: 7 }, (_, i) => i * 2 * US_STRIPE);
const _US_STARS = Array.from({ length: 12 }, (_, i) => [1.6 + (i % 4) * 2.9, 1.6 + Math.floor(i / 4) * 3.3] as const);

function UnitedStatesFlag(props: IconProps) {
  return (
    <Flag {...props}>
      <rect width="30" height="20" fill="#ffffff" />
      {US_RED_STRIPES.map((y) => (
        <rect key={y} y={y} width="30" height={US_STRIPE} fill="#b22234" />
      ))}
      <rect width="12" height={7 * US_STRIPE} fill="#3c3b6e" />
      {Array.from({ length: 12 }, (_, i) => (
        <circle
          key={`star-${String(i)}`}
          cx={1.6 + (i % 4) * 2.9}
          cy={1.6 + Math.floor(i / 4) * 3.3}
          r="0.55"
          fill="#ffffff"
        />
      ))}
    </Flag>
  );
}

const COUNTRY_ICONS: Record<CountryIconName, ComponentType<IconProps>> = {
  china: ChinaFlag,
  france: FranceFlag,
  germany: GermanyFlag,
  japan: JapanFlag,
  netherlands: NetherlandsFlag,
  portugal: PortugalFlag,
  spain: SpainFlag,
  unitedStates: UnitedStatesFlag,
};

/** A country's flag by name; titled with the country's name unless told otherwise. */
export function CountryIcon({ name, title, ...props }: IconProps & { name: CountryIconName }) {
  const Icon = COUNTRY_ICONS[name];
  return <Icon title={title ?? COUNTRY_NAMES[name]} {...props} />;
}

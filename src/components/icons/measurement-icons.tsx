import type { ComponentType, ReactNode } from "react";
import { type IconProps, SvgIcon } from "./svg-icon";

/** The measurement and transport icons, drawn on a 24 px grid in currentColor. */

export const MEASUREMENT_ICON_NAMES = [
  "temperature",
  "humidity",
  "vibration",
  "shock",
  "battery",
  "signal",
  "scan",
  "truck",
  "train",
  "plane",
  "boat",
] as const;
export type MeasurementIconName = (typeof MEASUREMENT_ICON_NAMES)[number];

function LineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <SvgIcon viewBox="0 0 24 24" line {...props}>
      {children}
    </SvgIcon>
  );
}

function TemperatureIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M10 4.5a2 2 0 0 1 4 0v9.6a4.2 4.2 0 1 1-4 0z" />
      <path d="M12 9.5v7" />
    </LineIcon>
  );
}

function HumidityIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 3c3.6 4.4 6 7.7 6 11a6 6 0 0 1-12 0c0-3.3 2.4-6.6 6-11z" />
    </LineIcon>
  );
}

function VibrationIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="8" y="4.5" width="8" height="15" rx="1.6" />
      <path d="M4.5 8.5v7M19.5 8.5v7M2 10.5v3M22 10.5v3" />
    </LineIcon>
  );
}

function ShockIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M13.5 2.5 5 13.5h6l-1.5 8 8.5-11h-6z" />
    </LineIcon>
  );
}

function BatteryIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="2" y="7" width="17" height="10" rx="2" />
      <path d="M22 10.5v3M5.5 10v4M9 10v4M12.5 10v4" />
    </LineIcon>
  );
}

function SignalIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 20v-3M9 20v-7M14 20V9M19 20V4" />
    </LineIcon>
  );
}

function ScanIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 8V5.5A2.5 2.5 0 0 1 5.5 3H8M16 3h2.5A2.5 2.5 0 0 1 21 5.5V8M21 16v2.5a2.5 2.5 0 0 1-2.5 2.5H16M8 21H5.5A2.5 2.5 0 0 1 3 18.5V16M7 12h10" />
    </LineIcon>
  );
}

function TruckIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M2 5.5h11v11H2zM13 9.5h4.5l4 3.5v3.5H13z" />
      <circle cx="6" cy="17.5" r="2" />
      <circle cx="17.5" cy="17.5" r="2" />
    </LineIcon>
  );
}

function TrainIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="5" y="3" width="14" height="14" rx="3" />
      <path d="M5 10h14M8.5 21l2-4M15.5 21l-2-4" />
      <circle cx="9" cy="13.5" r="0.8" />
      <circle cx="15" cy="13.5" r="0.8" />
    </LineIcon>
  );
}

function PlaneIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 2c.8 0 1.5.7 1.5 1.5V9l8 5v2l-8-2.5V19l2.5 2v1L12 21l-4 1v-1l2.5-2v-5.5l-8 2.5v-2l8-5V3.5C10.5 2.7 11.2 2 12 2z" />
    </LineIcon>
  );
}

function BoatIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 14.5h18l-2.6 5H5.6z" />
      <path d="M12 3v11.5M12 4.5l6 8h-6" />
    </LineIcon>
  );
}

const MEASUREMENT_ICONS: Record<MeasurementIconName, ComponentType<IconProps>> = {
  temperature: TemperatureIcon,
  humidity: HumidityIcon,
  vibration: VibrationIcon,
  shock: ShockIcon,
  battery: BatteryIcon,
  signal: SignalIcon,
  scan: ScanIcon,
  truck: TruckIcon,
  train: TrainIcon,
  plane: PlaneIcon,
  boat: BoatIcon,
};

/** One measurement or transport icon by name. */
export function MeasurementIcon({ name, ...props }: IconProps & { name: MeasurementIconName }) {
  const Icon = MEASUREMENT_ICONS[name];
  return <Icon {...props} />;
}

import { PAYMENT_BRANDS, type PaymentBrand } from "@core/domain/billing";
import type { ComponentType, ReactNode } from "react";
import { type IconProps, SvgIcon } from "./svg-icon";

/** The payment brand marks: simple, recognisable cards on a 38×24 grid. */

/** The brands the API accepts (core/domain/billing.ts), in the order they are offered. */
export const PAYMENT_BRAND_NAMES = PAYMENT_BRANDS;
export type PaymentBrandName = PaymentBrand;

export const PAYMENT_BRAND_LABELS: Record<PaymentBrandName, string> = {
  amex: "American Express",
  bancontact: "Bancontact",
  dinersClub: "Diners Club",
  ideal: "iDEAL",
  google: "Google Pay",
  maestro: "Maestro",
  mastercard: "Mastercard",
  paypal: "PayPal",
  sepa: "SEPA",
  visa: "Visa",
};

const FONT = "Arial, Helvetica, sans-serif";

function BrandCard({
  children,
  background = "#ffffff",
  ...props
}: IconProps & { children: ReactNode; background?: string }) {
  return (
    <SvgIcon viewBox="0 0 38 24" ratio={38 / 24} {...props}>
      <rect x="0.5" y="0.5" width="37" height="23" rx="3" fill={background} stroke="rgba(0,0,0,0.15)" />
      {children}
    </SvgIcon>
  );
}

function AmexIcon(props: IconProps) {
  return (
    <BrandCard background="#2e77bc" {...props}>
      <text x="19" y="15.5" textAnchor="middle" fontFamily={FONT} fontSize="8.5" fontWeight="700" fill="#ffffff">
        AMEX
      </text>
    </BrandCard>
  );
}

function BancontactIcon(props: IconProps) {
  return (
    <BrandCard {...props}>
      <path d="M6 14.5 10 8h11l-4 6.5z" fill="#1e3764" />
      <path d="M17 16 21 9.5h11L28 16z" fill="#ffd800" />
    </BrandCard>
  );
}

function DinersClubIcon(props: IconProps) {
  return (
    <BrandCard {...props}>
      <circle cx="19" cy="12" r="7.5" fill="#0079be" />
      <path d="M16.5 7.6a4.8 4.8 0 0 0 0 8.8zM21.5 7.6a4.8 4.8 0 0 1 0 8.8z" fill="#ffffff" />
    </BrandCard>
  );
}

function IdealIcon(props: IconProps) {
  return (
    <BrandCard {...props}>
      <rect x="11" y="4.5" width="16" height="15" rx="2.5" fill="none" stroke="#000000" strokeWidth="1" />
      <text x="19" y="15.5" textAnchor="middle" fontFamily={FONT} fontSize="8" fontWeight="700" fill="#cc0066">
        iD
      </text>
    </BrandCard>
  );
}

function GooglePayIcon(props: IconProps) {
  return (
    <BrandCard {...props}>
      <path d="M13.6 12a4.6 4.6 0 1 1-1.3-3.2" fill="none" stroke="#4285f4" strokeWidth="1.8" />
      <path d="M9 12h4.6" stroke="#4285f4" strokeWidth="1.8" />
      <path d="M8.7 7.6a4.6 4.6 0 0 1 3.6.2" fill="none" stroke="#ea4335" strokeWidth="1.8" />
      <path d="M5.2 10.4a4.6 4.6 0 0 0 0 3.2" fill="none" stroke="#fbbc04" strokeWidth="1.8" />
      <path d="M6.5 15.5a4.6 4.6 0 0 0 6.2.6" fill="none" stroke="#34a853" strokeWidth="1.8" />
      <text x="16" y="15" fontFamily={FONT} fontSize="7.5" fontWeight="600" fill="#3c4043">
        Pay
      </text>
    </BrandCard>
  );
}

function MaestroIcon(props: IconProps) {
  return (
    <BrandCard {...props}>
      <circle cx="15" cy="12" r="6.5" fill="#ed0006" />
      <circle cx="23" cy="12" r="6.5" fill="#0099df" />
      <path d="M19 6.9a6.5 6.5 0 0 1 0 10.2 6.5 6.5 0 0 1 0-10.2z" fill="#6c6bbd" />
    </BrandCard>
  );
}

function MastercardIcon(props: IconProps) {
  return (
    <BrandCard {...props}>
      <circle cx="15" cy="12" r="6.5" fill="#eb001b" />
      <circle cx="23" cy="12" r="6.5" fill="#f79e1b" />
      <path d="M19 6.9a6.5 6.5 0 0 1 0 10.2 6.5 6.5 0 0 1 0-10.2z" fill="#ff5f00" />
    </BrandCard>
  );
}

function PaypalIcon(props: IconProps) {
  return (
    <BrandCard {...props}>
      <text x="19" y="15" textAnchor="middle" fontFamily={FONT} fontSize="8" fontWeight="700" fontStyle="italic">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#009cde">Pal</tspan>
      </text>
    </BrandCard>
  );
}

function SepaIcon(props: IconProps) {
  return (
    <BrandCard background="#10298e" {...props}>
      <text x="17" y="15.5" textAnchor="middle" fontFamily={FONT} fontSize="8.5" fontWeight="700" fill="#ffffff">
        SEPA
      </text>
      <circle cx="31" cy="12" r="2" fill="#ffcc00" />
    </BrandCard>
  );
}

function VisaIcon(props: IconProps) {
  return (
    <BrandCard {...props}>
      <text
        x="19"
        y="16"
        textAnchor="middle"
        fontFamily={FONT}
        fontSize="10"
        fontWeight="800"
        fontStyle="italic"
        fill="#1a1f71"
      >
        VISA
      </text>
    </BrandCard>
  );
}

const PAYMENT_BRAND_ICONS: Record<PaymentBrandName, ComponentType<IconProps>> = {
  amex: AmexIcon,
  bancontact: BancontactIcon,
  dinersClub: DinersClubIcon,
  ideal: IdealIcon,
  google: GooglePayIcon,
  maestro: MaestroIcon,
  mastercard: MastercardIcon,
  paypal: PaypalIcon,
  sepa: SepaIcon,
  visa: VisaIcon,
};

/** A payment brand's mark by name; titled with the brand's name unless told otherwise. */
export function PaymentBrandIcon({ name, title, ...props }: IconProps & { name: PaymentBrandName }) {
  const Icon = PAYMENT_BRAND_ICONS[name];
  return <Icon title={title ?? PAYMENT_BRAND_LABELS[name]} {...props} />;
}

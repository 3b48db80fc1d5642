// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  COUNTRY_ICON_NAMES,
  CountryIcon,
  MEASUREMENT_ICON_NAMES,
  MeasurementIcon,
  PAYMENT_BRAND_NAMES,
  PaymentBrandIcon,
  starPoints,
} from "@/components/icons";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

describe("the icon sets: measurement and transport, country flags and payment brands", () => {
  it("measurement and transport icons", () => {
    expect([...MEASUREMENT_ICON_NAMES]).toEqual([
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
    ]);
  });

  it("country icons", () => {
    expect([...COUNTRY_ICON_NAMES]).toEqual([
      "china",
      "france",
      "germany",
      "japan",
      "netherlands",
      "portugal",
      "spain",
      "unitedStates",
    ]);
  });

  it("payment brand icons", () => {
    expect([...PAYMENT_BRAND_NAMES]).toEqual([
      "amex",
      "bancontact",
      "dinersClub",
      "ideal",
      "google",
      "maestro",
      "mastercard",
      "paypal",
      "sepa",
      "visa",
    ]);
  });

  it("every icon renders an inline SVG: named when titled, hidden otherwise", () => {
    const { container } = render(
      <>
        {MEASUREMENT_ICON_NAMES.map((name) => (
          <MeasurementIcon key={name} name={name} />
        ))}
        {COUNTRY_ICON_NAMES.map((name) => (
          <CountryIcon key={name} name={name} />
        ))}
        {PAYMENT_BRAND_NAMES.map((name) => (
          <PaymentBrandIcon key={name} name={name} />
        ))}
      </>,
    );
    const svgs = container.querySelectorAll("svg");
    expect(svgs).toHaveLength(29);
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(11);
    expect(screen.getByRole("img", { name: "United States" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Mastercard" })).toBeTruthy();
    expect(container.querySelector("img, image, use[href^='http']")).toBeNull();
  });

  it("flags have unique clip-path ids", () => {
    const { container } = render(
      <>
        <CountryIcon name="japan" />
        <CountryIcon name="japan" />
      </>,
    );
    const ids = [...container.querySelectorAll("clipPath")].map((clip) => clip.id);
    expect(new Set(ids).size).toBe(2);
  });

  it("star points make a closed five-pointed star", () => {
    expect(starPoints(0, 0, 1).split(" ")).toHaveLength(10);
    expect(starPoints(0, 0, 1).split(" ")[0]).toBe("0.00,-1.00");
  });
});

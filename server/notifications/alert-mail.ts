import { formatInstant } from "../../core/domain/datetime";
import type { AlertEventKind } from "../db/schema";
import type { AlertRecipient } from "./recipients";

export interface AlertMailInput {
  kind: AlertEventKind;
  reportId: string;
  labelId: string;
  reference: string;
  companyName: string;
  /** When it happened (ISO 8601). */
  occurredAt: string;
  details: Record<string, unknown>;
  timeZone: string;
  publicUrl: string;
}

const UNIT_NAME: Record<string, string> = { temperature: "Temperature", humidity: "Humidity", shock: "Shock" };

const SETTING_NAME: Record<AlertEventKind, string> = {
  excursionDetected: "Excursion detected",
  reportFinished: "Report finished",
  batteryLow: "Battery low",
  noSignal: "Excursion detected",
  budgetExhausted: "Excursion detected",
};

/**
 * The e-mail of one alert to one person, with times in their zone and a link to the
 * report. The subject names the label id and the company only: the reference is free
 * text a gateway's key sets, and a subject line is what a phishing mail is made of.
 */
export function renderAlertMail(input: AlertMailInput): AlertMessage & { headline: string } {
  const at = (value: unknown) =>
    typeof value === "string" && value
      ? `${formatInstant(value, { timeZone: input.timeZone })} (${input.timeZone})`
      : "an unknown time";
  const label = `label ${input.labelId}${input.reference ? ` (reference ${input.reference})` : ""}`;
  const d = input.details;
  let headline: string;
  let body: string;
  switch (input.kind) {
    case "excursionDetected": {
      const unit = UNIT_NAME[String(d.unit)] ?? "Reading";
      headline = `${unit} alarm`;
      body =
        d.unit === "shock"
          ? `A shock above the threshold was recorded; the alarm was raised at ${at(input.occurredAt)}.`
          : `The ${String(d.unit)} was out of range long enough to raise the alarm at ${at(input.occurredAt)}` +
            (d.excursionStart ? `; the excursion began at ${at(d.excursionStart)}.` : ".");
      break;
    }
    case "reportFinished":
      headline = d.status === "stopped" ? "Report stopped" : "Report ended";
      body = `The label ${d.status === "stopped" ? "was stopped" : "ended"} at ${at(input.occurredAt)}.`;
      break;
    case "batteryLow":
      headline = "Battery low";
      body =
        `The battery reached ${d.level ?? "?"} %, at or below the warning level of ${d.warningLevel ?? "?"} %,` +
        ` at ${at(input.occurredAt)}.`;
      break;
    case "noSignal":
      headline = "No signal";
      body =
        `Nothing has been heard from the label since its last reading at ${at(d.lastReadingAt)};` +
        ` it counts as silent since ${at(input.occurredAt)}.`;
      break;
    case "budgetExhausted":
      headline = "Stability budget used up";
      body =
        `Shipment ${String(d.shipmentReference ?? "?")} used up the stability budget of batch ${String(d.batch ?? "?")}` +
        ` of ${String(d.productName ?? "its product")} ${String(d.limitText ?? "")} (noticed at ${at(input.occurredAt)}).`;
      break;
  }
  const link = reportLink(input.publicUrl, input.reportId);
  const severity = typeof d.severity === "string" ? ` (${d.severity})` : "";
  return {
    headline,
    subject: `${headline}: label ${input.labelId}, ${input.companyName}`,
    textMessage: `${headline}${severity}: label ${input.labelId}, ${input.companyName}. ${link}`,
    text: [
      `${headline} on ${label} of ${input.companyName}.`,
      "",
      body,
      "",
      `Open the report: ${link}`,
      "",
      `You get this e-mail because "${SETTING_NAME[input.kind]}" is on in your notification settings (Settings > Profile).`,
    ].join("\n"),
  };
}

/** An alert as an e-mail (subject and text) and as a one-line text message. */
export interface AlertMessage {
  subject: string;
  text: string;
  textMessage: string;
}

/**
 * The outbox rows of one alert to one person: the e-mail to their address and the text
 * message to their phone number (addressed as E.164; the alert worker sends it through
 * the e-mail-to-SMS gateway), as they chose.
 */
export function messagesTo(
  person: Pick<AlertRecipient, "email" | "byEmail" | "phone">,
  message: AlertMessage,
): { recipient: string; subject: string; text: string }[] {
  return [
    ...(person.byEmail ? [{ recipient: person.email, subject: message.subject, text: message.text }] : []),
    ...(person.phone ? [{ recipient: person.phone, subject: message.subject, text: message.textMessage }] : []),
  ];
}

/** The subject of a digest of alerts: the company's name only. */
export function digestSubject(companyName: string): string {
  return `Alerts of ${companyName}`;
}

/** One alert in a digest: what, which label, when (the person's zone). */
export function digestLine(headline: string, labelId: string, occurredAt: string, timeZone: string): string {
  const at = occurredAt ? `${formatInstant(occurredAt, { timeZone })} (${timeZone})` : "an unknown time";
  return `- ${headline}: label ${labelId}, ${at}`;
}

/** A digest's text: its first lines, how many more, and where to see them all. */
export function renderDigestText(input: {
  companyName: string;
  lines: readonly string[];
  count: number;
  publicUrl: string;
}): string {
  const more = input.count - input.lines.length;
  return [
    `Many alerts were raised on labels of ${input.companyName}: more than would be sensible to e-mail one by one, so they are gathered here.`,
    "",
    ...input.lines,
    ...(more > 0 ? [`… and ${more} more`] : []),
    "",
    `See every label report: ${input.publicUrl.replace(/\/+$/, "")}/label-reports`,
  ].join("\n");
}

/** A digest as a text message: how many alerts, and where to see them. */
export function renderDigestTextMessage(input: { companyName: string; count: number; publicUrl: string }): string {
  return `${input.count} ${input.count === 1 ? "alert" : "alerts"} on labels of ${input.companyName}: ${input.publicUrl.replace(/\/+$/, "")}/label-reports`;
}

/** A report's page in the dashboard, as e-mails and webhooks link to it. */
export function reportLink(publicUrl: string, reportId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/label-reports/${reportId}`;
}

import { type Static, Type } from "typebox";
import type { ReportSummary } from "../domain/report-summary";
import type { ShipmentVerdict } from "../domain/shipment-verdict";
import { SHIPMENT_TRANSPORT_MODES } from "../domain/shipments";
import { labelReportListItem } from "./label-report";
import { shipmentBudget } from "./product";
import { dateTime, Nullable, nullableDateTime, PlainText, StringEnum } from "./schema-types";
import { signedDispositionRecord } from "./signed-disposition";

const reference = PlainText({
  maxLength: 100,
  minLength: 1,
  nonBlank: true,
  description: "Unique in the company, whatever the case",
});
const place = PlainText({ maxLength: 100 });

/** The fields a person sets on a shipment. */
const shipmentFields = {
  reference,
  origin: place,
  destination: place,
  carrier: place,
  transportMode: StringEnum(SHIPMENT_TRANSPORT_MODES),
  plannedDeparture: nullableDateTime,
  plannedArrival: nullableDateTime,
  product: PlainText({ maxLength: 100, description: "The product shipped, as text (for shipments without productId)" }),
  productId: Nullable(
    Type.String({
      format: "uuid",
      description: "The company's product shipped (GET /products): its batch's stability budget applies",
    }),
  ),
  batch: PlainText({ maxLength: 100, description: "The product's batch or lot" }),
};

const reportIds = Type.Array(Type.String({ format: "uuid" }), {
  maxItems: 50,
  uniqueItems: true,
  description:
    "The shipment's label reports, all of them: reports left out are detached, new ones attached (a report belongs to at most one shipment, and moves here from another). Each change is in the report's audit trail",
});

/** The fields a shipment may be given beside its reference, on creation and on change. */
const optionalShipmentFields = {
  origin: Type.Optional(place),
  destination: Type.Optional(place),
  carrier: Type.Optional(place),
  transportMode: Type.Optional(shipmentFields.transportMode),
  plannedDeparture: Type.Optional(nullableDateTime),
  plannedArrival: Type.Optional(nullableDateTime),
  product: Type.Optional(shipmentFields.product),
  productId: Type.Optional(shipmentFields.productId),
  batch: Type.Optional(shipmentFields.batch),
  reportIds: Type.Optional(reportIds),
};

/** POST /shipments: only the reference is required. */
export const shipmentInput = Type.Object({ reference, ...optionalShipmentFields }, { additionalProperties: false });

/** PATCH /shipments/{id}: any of the fields, and the whole list of its reports. */
export const shipmentChanges = Type.Object(
  { reference: Type.Optional(reference), ...optionalShipmentFields },
  { additionalProperties: false, minProperties: 1 },
);

/** One row of GET /shipments. */
export const shipmentListItem = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  companyName: Type.String(),
  ...shipmentFields,
  reportCount: Type.Integer({ description: "How many label reports the shipment groups" }),
  created: dateTime,
  updated: dateTime,
});

/** A report of the shipment: its list row and its summary. */
const shipmentReport = Type.Object({
  ...labelReportListItem.properties,
  summary: Type.Unsafe<ReportSummary | Record<string, never>>({
    type: "object",
    additionalProperties: true,
    description: "The report's summary, as GET /label-reports/{id} answers it ({} before any reading)",
  }),
});

/** GET /shipments/{id} (and the answer of POST and PATCH): the row, its reports and its verdict. */
export const shipmentDetail = Type.Object({
  ...shipmentListItem.properties,
  reports: Type.Array(shipmentReport, { description: "The shipment's label reports, by label id" }),
  verdict: Type.Unsafe<ShipmentVerdict>({
    type: "object",
    additionalProperties: true,
    description:
      "The worst of its labels' verdicts (core/domain/shipment-verdict.ts): verdict (violation, noData, incomplete, ok), completeness (complete, incomplete, noData: incomplete when any label's is), units (temperature, humidity, shock: measured, violation, state, violatedBy label ids), batteryLow, worstLabels",
  }),
  budget: Type.Union([shipmentBudget, Type.Null()], {
    description: "Its batch's stability budget; null without a product or a batch",
  }),
  budgetExhausted: Type.Boolean({
    description: "Its batch's stability budget is used up: the shipment is critical, whatever its labels' rules say",
  }),
});

/** POST /shipments/{id}/disposition: the signature each of the shipment's reports got. */
export const shipmentDispositionAnswer = Type.Object({
  shipmentId: Type.String(),
  reports: Type.Array(
    Type.Object({ reportId: Type.String(), labelId: Type.String(), disposition: signedDispositionRecord }),
    { description: "Each report's own signed disposition, with the content hash of its own record" },
  ),
});

export type ShipmentInput = Static<typeof shipmentInput>;
export type ShipmentChanges = Static<typeof shipmentChanges>;
export type ShipmentListItem = Static<typeof shipmentListItem>;
export type ShipmentDetail = Static<typeof shipmentDetail>;

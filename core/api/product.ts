import { type Static, Type } from "typebox";
import { dateTime, PlainText } from "./schema-types";

const temperature = (description: string) => Type.Number({ minimum: -200, maximum: 200, description });
/** Up to ten years, in minutes. */
const budget = (description: string) => Type.Integer({ minimum: 0, maximum: 5_256_000, description });

/** The fields a person sets on a product. */
const productFields = {
  name: PlainText({ maxLength: 100, minLength: 1, nonBlank: true }),
  code: PlainText({
    maxLength: 50,
    minLength: 1,
    nonBlank: true,
    description: "Unique in the company, whatever the case",
  }),
  storageMin: temperature("The lowest storage temperature in °C (in range)"),
  storageMax: temperature("The highest storage temperature in °C (in range); above storageMin"),
  budgetAboveMinutes: budget("How long the product may spend above storageMax over its life, in minutes"),
  budgetBelowMinutes: budget("How long the product may spend below storageMin over its life, in minutes"),
};

/** POST /products: every field. */
export const productInput = Type.Object(productFields, { additionalProperties: false });

/** PATCH /products/{id}: any of the fields. */
export const productChanges = Type.Partial(Type.Object(productFields, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
});

/** One row of GET /products. */
export const productListItem = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  companyName: Type.String(),
  ...productFields,
  shipmentCount: Type.Integer({ description: "How many shipments carry the product" }),
  created: dateTime,
  updated: dateTime,
});

const sideUse = Type.Object({
  usedMinutes: Type.Number({ description: "Time its shipments spent on this side of the range, added up" }),
  budgetMinutes: Type.Integer(),
  remainingMinutes: Type.Number({ description: "Never below 0" }),
});

/** A batch's use of its product's stability budget. */
const batchBudget = Type.Object({
  above: sideUse,
  below: sideUse,
});

/** One batch of a product, as its page lists them. */
const productBatch = Type.Object({
  batch: Type.String(),
  shipmentCount: Type.Integer(),
  budget: batchBudget,
  exhausted: Type.Boolean({ description: "A side's budget is used up" }),
});

/** GET /products/{id} (and the answer of POST and PATCH): the product and its batches. */
export const productDetail = Type.Object({
  ...productListItem.properties,
  batches: Type.Array(productBatch, { description: "The batches of its shipments (those with a batch), by batch" }),
});

/** GET /products/{id}/batches/{batch}: the batch's budget and which shipments used it. */
export const batchDetail = Type.Object({
  product: productListItem,
  batch: Type.String(),
  budget: batchBudget,
  exhausted: Type.Boolean({ description: "A side's budget is used up" }),
  shipments: Type.Array(
    Type.Object({
      id: Type.String(),
      reference: Type.String(),
      aboveMinutes: Type.Number({ description: "The longest any of its labels spent above the range" }),
      belowMinutes: Type.Number({ description: "The longest any of its labels spent below the range" }),
    }),
    { description: "The batch's shipments, by reference" },
  ),
});

export const batchParams = Type.Object(
  { id: Type.String({ format: "uuid" }), batch: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

/** What a shipment of a product shows of its batch's budget (GET /shipments/{id}, GET /label-reports/{id}). */
export const shipmentBudget = Type.Object({
  productId: Type.String(),
  productName: Type.String(),
  storageMin: Type.Number(),
  storageMax: Type.Number(),
  batch: Type.String(),
  budget: batchBudget,
  exhausted: Type.Boolean(),
});

export type ProductInput = Static<typeof productInput>;
export type ProductChanges = Static<typeof productChanges>;
export type ProductListItem = Static<typeof productListItem>;
export type ProductDetail = Static<typeof productDetail>;
export type BatchDetail = Static<typeof batchDetail>;
export type ShipmentBudget = Static<typeof shipmentBudget>;

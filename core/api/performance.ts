import { type Static, Type } from "typebox";
import { PERFORMANCE_GROUPS } from "../domain/performance";
import { dateTime, NOT_YEAR_ZERO, Nullable, StringEnum } from "./schema-types";

const instant = (description: string) => Type.String({ format: "date-time", pattern: NOT_YEAR_ZERO, description });
const nullableNumber = (description: string) => Nullable(Type.Number({ description }));

/** GET /performance (and /performance.csv): the period, the grouping and optionally one company. */
export const performanceQuery = Type.Object(
  {
    from: instant("Start of the period (included): shipments departing from then"),
    to: instant("End of the period (excluded); at most 36 months after from"),
    groupBy: Type.Optional(StringEnum(PERFORMANCE_GROUPS, { default: "lane" })),
    companyId: Type.Optional(
      Type.String({
        format: "uuid",
        description:
          "One of the caller's companies (a distributor: one of its sub-companies); none: all of them. Another company's id answers no rows",
      }),
    ),
  },
  { additionalProperties: false },
);
export type PerformanceQuery = Static<typeof performanceQuery>;

const figures = {
  shipments: Type.Integer({ minimum: 0 }),
  alarmShare: nullableNumber("Fraction (0–1) of the shipments with an alarm or a violation"),
  outOfRangePer100h: nullableNumber("Minutes out of the temperature range per 100 h logged"),
  incompleteShare: nullableNumber("Fraction (0–1) of the shipments with incomplete data"),
  medianTransitHours: nullableNumber("Median of planned departure → arrival, or first label start → last label end"),
};

const performanceMonth = Type.Object({ month: Type.String({ pattern: "^\\d{4}-\\d{2}$" }), ...figures });

const performanceRow = Type.Object({
  origin: Type.String({ description: "The lane's origin; empty when grouped by carrier" }),
  destination: Type.String({ description: "The lane's destination; empty when grouped by carrier" }),
  carrier: Type.String({ description: "The carrier; empty when grouped by lane" }),
  ...figures,
  months: Type.Array(performanceMonth, { description: "Every month of the period, oldest first" }),
});

/** GET /performance: per lane or carrier, the period's figures and each month's. */
export const performanceAnswer = Type.Object({
  from: dateTime,
  to: dateTime,
  groupBy: StringEnum(PERFORMANCE_GROUPS),
  months: Type.Array(Type.String(), { description: "The period's months (UTC, YYYY-MM), oldest first" }),
  rows: Type.Array(performanceRow, { description: "Most shipments first" }),
});
export type PerformanceAnswer = Static<typeof performanceAnswer>;
export type PerformanceRow = Static<typeof performanceRow>;

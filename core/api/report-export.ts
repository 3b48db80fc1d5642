import { type Static, Type } from "typebox";
import { DEFAULT_DOWNLOAD_OPTIONS, DOWNLOAD_OPTION_VALUES } from "../domain/download-options";

const optionValues = (name: keyof typeof DOWNLOAD_OPTION_VALUES) =>
  `${DOWNLOAD_OPTION_VALUES[name].join(" | ")} (default ${DEFAULT_DOWNLOAD_OPTIONS[name]})`;

/**
 * The options of a report download (GET /label-reports/{id}/export, /share/{token}/export).
 * They are plain strings here and checked by parseDownloadOptions (core/domain), so that
 * every bad option is reported at once, with the same rules the download dialog uses.
 */
export const reportExportQuery = Type.Object(
  {
    fileType: Type.Optional(Type.String({ maxLength: 20, description: optionValues("fileType") })),
    pageSize: Type.Optional(Type.String({ maxLength: 20, description: `${optionValues("pageSize")}; PDF only` })),
    timeZone: Type.Optional(
      Type.String({ maxLength: 64, description: "IANA time zone name (Europe/Berlin) or UTC (default UTC)" }),
    ),
    locale: Type.Optional(Type.String({ maxLength: 35, description: "BCP 47 locale of dates (default en-US)" })),
    temperatureUnit: Type.Optional(Type.String({ maxLength: 20, description: optionValues("temperatureUnit") })),
    includeDataTable: Type.Optional(
      Type.String({
        maxLength: 20,
        description: `${optionValues("includeDataTable")}; PDF only: minimal = readings inside excursions`,
      }),
    ),
    includeAuditTrail: Type.Optional(
      Type.String({
        maxLength: 5,
        description:
          "true | false (default false); PDF only, signed-in downloads: the PDF ends with the report's audit trail",
      }),
    ),
  },
  { additionalProperties: false },
);

export type ReportExportQuery = Static<typeof reportExportQuery>;

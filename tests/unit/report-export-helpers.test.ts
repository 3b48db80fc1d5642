import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  DEFAULT_DOWNLOAD_OPTIONS,
  type DownloadOptions,
  parseDownloadOptions,
} from "../../core/domain/download-options";
import {
  CONTENT_FORMAT,
  canonicalJson,
  contentHash,
  sha256OfCanonicalJson,
} from "../../server/reports/export/content-hash";
import { csvCell, csvRow } from "../../server/reports/export/csv";
import { asciiFileName, contentDisposition, downloadFileName } from "../../server/reports/export/filename";
import { pdfLiteral } from "../../server/reports/export/pdf-layout";
import { pdfSafeText } from "../../server/reports/export/pdf-text";
import { DEFAULT_PREFERENCES, type DownloadReportPreferences } from "../../src/providers/stores/preferences";

describe("canonical JSON of the hashed content", () => {
  test("object keys are sorted at every depth, whatever order they were written in", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: "x" } })).toBe(
      '{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}',
    );
  });

  test("numbers are written in their shortest round-trip form, strings JSON-escaped", () => {
    expect(canonicalJson([5, 5.1, -0.25, 1e21, 'quo"te', "é\n"])).toBe('[5,5.1,-0.25,1e+21,"quo\\"te","é\\n"]');
  });

  test("absent (undefined) keys are left out, null is kept", () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });

  test("a number JSON cannot hold is refused rather than hashed as null", () => {
    expect(() => canonicalJson([Number.NaN])).toThrow(RangeError);
  });

  test("the hash is SHA-256 of the canonical JSON's UTF-8, also past the 64 KB feeding size", () => {
    const big = { values: Array.from({ length: 20_000 }, (_, i) => [i, "ü"]) };
    const expected = createHash("sha256").update(canonicalJson(big), "utf8").digest("hex");
    expect(sha256OfCanonicalJson(big)).toBe(expected);
  });

  test("an auditor can recompute the report hash from the documented document", () => {
    const content = {
      reportId: "r1",
      labelId: "L1",
      preset: { temperatureMin: 2, temperatureMax: 8 },
      window: { start: null, end: null },
      readings: [{ t: Date.UTC(2026, 9, 1), temperature: 5.1, humidity: null, battery: 90 }],
      shockEvents: [{ t: Date.UTC(2026, 9, 1, 1), magnitudeG: 3.5 }],
    };
    const text = `{"format":"${CONTENT_FORMAT}","labelId":"L1","preset":{"temperatureMax":8,"temperatureMin":2},"readings":[["2026-10-01T00:00:00.000Z",5.1,null,90]],"reportId":"r1","shockEvents":[["2026-10-01T01:00:00.000Z",3.5]],"window":{"end":null,"start":null}}`;
    expect(contentHash(content)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
  });

  test("a changed reading changes the hash", () => {
    const base = {
      reportId: "r1",
      labelId: "L1",
      preset: {},
      window: { start: null, end: null },
      readings: [{ t: 0, temperature: 5, humidity: null, battery: null }],
      shockEvents: [],
    };
    const changed = { ...base, readings: [{ t: 0, temperature: 5.01, humidity: null, battery: null }] };
    expect(contentHash(changed)).not.toBe(contentHash(base));
  });
});

describe("CSV cells", () => {
  test("text a spreadsheet would run as a formula gets a leading apostrophe", () => {
    expect(csvCell("=SUM(A1:A2)")).toBe("'=SUM(A1:A2)");
    expect(csvCell("+1+1")).toBe("'+1+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("\tx")).toBe("'\tx");
  });

  test("a plain negative number stays a number", () => {
    expect(csvCell("-5.2")).toBe("-5.2");
    expect(csvCell(-5.2)).toBe("-5.2");
  });

  test("commas, quotes and line breaks are quoted, quotes doubled", () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  test("missing values are empty cells and rows end in CRLF", () => {
    expect(csvRow(["a", null, undefined, 3])).toBe("a,,,3\r\n");
  });
});

describe("download file names", () => {
  test("label-report-<labelId>-<day in the chosen zone>.<ext>", () => {
    const at = new Date("2026-10-01T23:30:00Z");
    expect(downloadFileName("LBL-1", at, "UTC", "pdf")).toBe("label-report-LBL-1-2026-10-01.pdf");
    expect(downloadFileName("LBL-1", at, "Europe/Berlin", "csv")).toBe("label-report-LBL-1-2026-10-02.csv");
  });

  test("a plain name is sent as it is", () => {
    expect(contentDisposition("label-report-A-2026-10-01.pdf")).toBe(
      'attachment; filename="label-report-A-2026-10-01.pdf"',
    );
  });

  test("quotes, line breaks, slashes and non-ASCII cannot break the header; the exact name goes in filename*", () => {
    const header = contentDisposition('a"\r\nb/../é.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="a___b_..__.pdf"; filename*=UTF-8''a%22%0D%0Ab%2F..%2F%C3%A9.pdf`);
    // A name never starts with a dot (no hidden file, no "..").
    expect(asciiFileName("../x")).toBe("__x");
  });
});

describe("PDF text", () => {
  test("control characters become spaces and markup stays text", () => {
    expect(pdfSafeText("a\u0000b\nc<script>")).toBe("a b c<script>");
  });

  test("Windows-1252 characters are kept, other accented letters lose their accent, the rest is '?'", () => {
    expect(pdfSafeText("Zürich °C € –")).toBe("Zürich °C € –");
    expect(pdfSafeText("Łódź ő")).toBe("?ódz o");
    expect(pdfSafeText("東京 ☃")).toBe("?? ?");
  });

  test("table cells are PDF literal strings: parentheses and backslashes escaped, one Windows-1252 byte per character", () => {
    expect(pdfLiteral("alert(1) \\x")).toBe("alert\\(1\\) \\\\x");
    expect(pdfLiteral("5 °C €")).toBe("5 \xb0C \x80");
  });
});

describe("download options", () => {
  test("the defaults are the spec's download preferences", () => {
    expect(parseDownloadOptions({})).toEqual({ ok: true, options: DEFAULT_DOWNLOAD_OPTIONS });
    const { timeZone, ...rest } = DEFAULT_PREFERENCES.downloadReport;
    expect(timeZone).toBe("utc");
    expect({ ...rest, timeZone: "UTC" }).toEqual(DEFAULT_DOWNLOAD_OPTIONS);
  });

  test("stored preferences with their zone resolved are valid options", () => {
    const stored: DownloadReportPreferences = { ...DEFAULT_PREFERENCES.downloadReport, fileType: "csv" };
    const options: DownloadOptions = { ...stored, timeZone: "Europe/Berlin" };
    expect(parseDownloadOptions({ ...options })).toEqual({ ok: true, options });
  });

  test("zone names are accepted in any case and answered in their canonical spelling", () => {
    const result = parseDownloadOptions({ timeZone: "europe/berlin" });
    expect(result.ok && result.options.timeZone).toBe("Europe/Berlin");
    const utc = parseDownloadOptions({ timeZone: "utc" });
    expect(utc.ok && utc.options.timeZone).toBe("UTC");
  });

  test("every bad option is named at once", () => {
    const result = parseDownloadOptions({
      fileType: "doc",
      pageSize: "a5",
      timeZone: "system",
      locale: "??",
      temperatureUnit: "kelvin",
      includeDataTable: "all",
    });
    expect(result.ok ? [] : result.errors.map((e) => e.id)).toEqual([
      "fileType",
      "pageSize",
      "temperatureUnit",
      "includeDataTable",
      "timeZone",
      "locale",
    ]);
  });
});

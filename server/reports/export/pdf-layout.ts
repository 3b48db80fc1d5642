import PDFDocument from "pdfkit";
import type { PageSize } from "../../../core/domain/download-options";
import { pdfSafeText } from "./pdf-text";

/**
 * A thin layout layer over PDFKit for the report: headings, label/value blocks, tables
 * that continue on the next page with their header repeated, and the "Page x of y"
 * footer stamped on every page at the end (bufferPages). Every string goes through
 * pdfSafeText. Vector drawing only, built-in Helvetica/Courier: no browser, no font files.
 */

export const COLORS = {
  text: "#1f2328",
  muted: "#57606a",
  rule: "#d0d7de",
  headerFill: "#f0f3f6",
  error: "#cf222e",
  errorFill: "#ffebe9",
  warning: "#9a6700",
  success: "#1a7f37",
  below: "#0969da",
  belowFill: "#ddf4ff",
  gapFill: "#eaeef2",
  series: "#1f2328",
} as const;

const PAGE_SIZES: Record<PageSize, string> = { a4: "A4", letter: "LETTER" };

/** The parts of PDFKit's font object that raw text operators need. */
interface InternalFont {
  id: string;
  ascender: number;
  ref(): unknown;
  widthOfString(text: string, size: number): number;
}

/** Numbers in content streams: at most 3 decimals, as PDFKit writes them. */
function number(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** "#rrggbb" as the three 0..1 components of an rg/RG operator. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => number(c / 255)).join(" ");
}

/** Windows-1252 bytes of the code points above 0xFF that pdfSafeText lets through. */
const WIN_ANSI_BYTES: Record<number, number> = {
  338: 0x8c,
  339: 0x9c,
  352: 0x8a,
  353: 0x9a,
  376: 0x9f,
  381: 0x8e,
  382: 0x9e,
  402: 0x83,
  710: 0x88,
  732: 0x98,
  8211: 0x96,
  8212: 0x97,
  8216: 0x91,
  8217: 0x92,
  8218: 0x82,
  8220: 0x93,
  8221: 0x94,
  8222: 0x84,
  8224: 0x86,
  8225: 0x87,
  8226: 0x95,
  8230: 0x85,
  8240: 0x89,
  8249: 0x8b,
  8250: 0x9b,
  8364: 0x80,
  8482: 0x99,
};

/**
 * A PDF literal string of already pdfSafeText'ed text: one byte per character (PDFKit
 * writes content as Latin-1 bytes), backslash and parentheses escaped.
 */
export function pdfLiteral(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    const byte = code <= 0xff ? code : (WIN_ANSI_BYTES[code] ?? 0x3f);
    if (byte === 0x5c || byte === 0x28 || byte === 0x29) out += `\\${String.fromCharCode(byte)}`;
    else out += String.fromCharCode(byte);
  }
  return out;
}

export interface Column {
  title: string;
  width: number;
  align?: "left" | "right";
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(pageSize: PageSize, info: { title: string; author: string; created: Date; contentHash: string }) {
    this.doc = new PDFDocument({
      size: PAGE_SIZES[pageSize],
      margins: { top: 48, bottom: 56, left: 48, right: 48 },
      bufferPages: true,
      // A fixed creation date (the generation time) keeps two renders of one request alike.
      info: {
        Title: pdfSafeText(info.title),
        Author: pdfSafeText(info.author),
        Creator: "ColdChain dashboard",
        // Plain ASCII in the document information (never compressed): /verify reads the hash here.
        Subject: `Content SHA-256 ${info.contentHash}`,
        CreationDate: info.created,
      },
    });
    this.done = new Promise((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
    this.doc.font("Helvetica").fontSize(9).fillColor(COLORS.text);
  }

  get left(): number {
    return this.doc.page.margins.left;
  }
  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string): void {
    this.ensureSpace(60);
    this.doc.moveDown(0.6);
    const y = this.doc.y;
    this.doc.font("Helvetica-Bold").fontSize(12).fillColor(COLORS.text);
    this.doc.text(pdfSafeText(text), this.left, y, { width: this.width });
    const ruleY = this.doc.y + 1;
    this.doc
      .moveTo(this.left, ruleY)
      .lineTo(this.left + this.width, ruleY)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    this.doc.y = ruleY + 5;
    this.doc.font("Helvetica").fontSize(9);
  }

  subheading(text: string): void {
    this.ensureSpace(40);
    this.doc.moveDown(0.3);
    this.doc.font("Helvetica-Bold").fontSize(10).fillColor(COLORS.text);
    this.doc.text(pdfSafeText(text), this.left, this.doc.y, { width: this.width });
    this.doc.font("Helvetica").fontSize(9);
    this.doc.moveDown(0.2);
  }

  paragraph(text: string, options: { color?: string; size?: number } = {}): void {
    this.doc
      .font("Helvetica")
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? COLORS.text);
    const safe = pdfSafeText(text);
    this.ensureSpace(this.doc.heightOfString(safe, { width: this.width }) + 2);
    this.doc.text(safe, this.left, this.doc.y, { width: this.width });
    this.doc.fillColor(COLORS.text).fontSize(9);
  }

  /** Label: value lines; long values wrap inside their column. */
  keyValues(rows: readonly [string, string][], labelWidth = 150): void {
    const valueX = this.left + labelWidth;
    const valueWidth = this.width - labelWidth;
    for (const [label, value] of rows) {
      const safeLabel = pdfSafeText(label);
      const safeValue = pdfSafeText(value || "-");
      this.doc.font("Helvetica").fontSize(9);
      const height = Math.max(
        this.doc.heightOfString(safeValue, { width: valueWidth }),
        this.doc.font("Helvetica-Bold").heightOfString(safeLabel, { width: labelWidth - 8 }),
      );
      this.ensureSpace(height + 2);
      const y = this.doc.y;
      this.doc
        .font("Helvetica-Bold")
        .fillColor(COLORS.muted)
        .text(safeLabel, this.left, y, { width: labelWidth - 8 });
      this.doc.font("Helvetica").fillColor(COLORS.text).text(safeValue, valueX, y, { width: valueWidth });
      this.doc.y = y + height + 2;
    }
  }

  /**
   * A table of short cells (no wrapping: one line per row). Rows are written as raw PDF
   * operators, one batch per page, instead of one PDFKit text() call per cell: a 30-day
   * full data table has 43,000 cells, and text() (a save/transform/restore and a dozen
   * small buffers per call) took seconds for them. The header row, once per page, uses
   * text() as usual. `fill` returns a background colour for a row (e.g. in an excursion).
   */
  table(
    columns: readonly Column[],
    rows: Iterable<readonly string[]>,
    options: { font?: string; size?: number; rowHeight?: number; fill?: (row: number) => string | null } = {},
  ): void {
    const fontName = options.font ?? "Helvetica";
    const size = options.size ?? 8;
    const rowHeight = options.rowHeight ?? size + 4;
    const doc = this.doc;
    const pad = 3;
    const widths = new Map<string, number>();
    let font = this.selectFont(fontName, size);
    const widthOf = (text: string) => {
      let width = widths.get(text);
      if (width === undefined) {
        width = font.widthOfString(text, size);
        widths.set(text, width);
      }
      return width;
    };
    let fills: string[] = [];
    let texts: string[] = [];
    const flush = () => {
      if (fills.length) doc.addContent(fills.join("\n"));
      if (texts.length) {
        const pageHeight = number(doc.page.height);
        doc.addContent(
          `q 1 0 0 -1 0 ${pageHeight} cm BT /${font.id} ${number(size)} Tf ${rgb(COLORS.text)} rg\n${texts.join("\n")}\nET Q`,
        );
      }
      fills = [];
      texts = [];
    };
    const header = () => {
      this.ensureSpace(rowHeight * 2);
      const y = doc.y;
      doc.rect(this.left, y, this.width, rowHeight).fill(COLORS.headerFill);
      doc.font("Helvetica-Bold").fontSize(size).fillColor(COLORS.text);
      let x = this.left;
      for (const column of columns) {
        const title = pdfSafeText(column.title);
        const w = doc.widthOfString(title);
        doc.text(title, column.align === "right" ? x + column.width - pad - w : x + pad, y + 2, { lineBreak: false });
        x += column.width;
      }
      doc.y = y + rowHeight;
      font = this.selectFont(fontName, size);
    };
    header();
    const baseline = (font.ascender / 1000) * size;
    let index = 0;
    for (const row of rows) {
      if (doc.y + rowHeight > this.bottom) {
        flush();
        doc.addPage();
        header();
      }
      const y = doc.y;
      const fill = options.fill?.(index);
      if (fill) {
        fills.push(
          `q ${rgb(fill)} rg ${number(this.left)} ${number(y)} ${number(this.width)} ${number(rowHeight)} re f Q`,
        );
      }
      const textY = number(doc.page.height - (y + 2) - baseline);
      let x = this.left;
      columns.forEach((column, i) => {
        const text = pdfSafeText(row[i] ?? "");
        if (text) {
          const tx = column.align === "right" ? x + column.width - pad - widthOf(text) : x + pad;
          texts.push(`1 0 0 1 ${number(tx)} ${textY} Tm (${pdfLiteral(text)}) Tj`);
        }
        x += column.width;
      });
      doc.y = y + rowHeight;
      index++;
    }
    flush();
    doc.font("Helvetica").fontSize(9).fillColor(COLORS.text);
    doc.x = this.left;
  }

  /** Selects a font and makes sure the current page lists it (what text() does before drawing). */
  private selectFont(name: string, size: number): InternalFont {
    this.doc.font(name).fontSize(size);
    // PDFKit keeps the current font and the page's font resources in fields its types do not declare.
    const font = (this.doc as unknown as { _font: InternalFont })._font;
    const fonts = (this.doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
    if (fonts[font.id] == null) fonts[font.id] = font.ref();
    return font;
  }

  /** Stamps the footer on every page (needs bufferPages), then finishes the file. */
  finish(footer: (page: number, pages: number) => { left: string; right: string; second?: string }): Promise<Buffer> {
    const doc = this.doc;
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      const { left, right, second } = footer(i - start + 1, count);
      // Writing inside the bottom margin would make PDFKit open a new page; lift the margin meanwhile.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - margin + 14;
      doc
        .moveTo(this.left, y - 4)
        .lineTo(this.left + this.width, y - 4)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      doc.font("Helvetica").fontSize(7).fillColor(COLORS.muted);
      doc.text(pdfSafeText(left), this.left, y, { lineBreak: false });
      const safeRight = pdfSafeText(right);
      doc.text(safeRight, this.left + this.width - doc.widthOfString(safeRight), y, { lineBreak: false });
      if (second) {
        // One line whatever the label id's length: a smaller size rather than text off the page.
        const safeSecond = pdfSafeText(second);
        const fit = Math.min(7, (7 * this.width) / Math.max(1, doc.widthOfString(safeSecond)));
        doc.fontSize(Math.max(4, fit)).text(safeSecond, this.left, y + 10, { lineBreak: false });
      }
      doc.page.margins.bottom = margin;
    }
    doc.end();
    return this.done;
  }
}

import PDFDocument from "pdfkit";
import type { PageSize } from "../../../src/domain/download-options";
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

export interface Column {
  title: string;
  width: number;
  align?: "left" | "right";
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(pageSize: PageSize, info: { title: string; author: string; created: Date }) {
    this.doc = new PDFDocument({
      size: PAGE_SIZES[pageSize],
      margins: { top: 48, bottom: 56, left: 48, right: 48 },
      bufferPages: true,
      // A fixed creation date (the generation time) keeps two renders of one request alike.
      info: {
        Title: pdfSafeText(info.title),
        Author: pdfSafeText(info.author),
        Creator: "ColdChain dashboard",
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
   * A table of short cells (no wrapping: one line per row, so long tables stay fast).
   * `fill` returns a background colour for a row (e.g. readings in an excursion).
   */
  table(
    columns: readonly Column[],
    rows: Iterable<readonly string[]>,
    options: { font?: string; size?: number; rowHeight?: number; fill?: (row: number) => string | null } = {},
  ): void {
    const font = options.font ?? "Helvetica";
    const size = options.size ?? 8;
    const rowHeight = options.rowHeight ?? size + 4;
    const doc = this.doc;
    const header = () => {
      this.ensureSpace(rowHeight * 2);
      const y = doc.y;
      doc.rect(this.left, y, this.width, rowHeight).fill(COLORS.headerFill);
      doc.font("Helvetica-Bold").fontSize(size).fillColor(COLORS.text);
      let x = this.left;
      for (const column of columns) {
        this.cell(column, pdfSafeText(column.title), x, y + 2);
        x += column.width;
      }
      doc.y = y + rowHeight;
      doc.font(font).fontSize(size);
    };
    header();
    let index = 0;
    for (const row of rows) {
      if (doc.y + rowHeight > this.bottom) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      const fill = options.fill?.(index);
      if (fill) {
        doc.rect(this.left, y, this.width, rowHeight).fill(fill);
        doc.fillColor(COLORS.text);
      }
      let x = this.left;
      columns.forEach((column, i) => {
        this.cell(column, pdfSafeText(row[i] ?? ""), x, y + 2);
        x += column.width;
      });
      doc.y = y + rowHeight;
      index++;
    }
    doc.font("Helvetica").fontSize(9);
    doc.x = this.left;
  }

  private cell(column: Column, text: string, x: number, y: number): void {
    const pad = 3;
    if (column.align === "right") {
      const w = this.doc.widthOfString(text);
      this.doc.text(text, x + column.width - pad - w, y, { lineBreak: false });
    } else {
      this.doc.text(text, x + pad, y, { lineBreak: false });
    }
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
      if (second) doc.text(pdfSafeText(second), this.left, y + 10, { lineBreak: false });
      doc.page.margins.bottom = margin;
    }
    doc.end();
    return this.done;
  }
}

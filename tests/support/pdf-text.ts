import { extractText, getDocumentProxy } from "unpdf";

/**
 * The text a reader of a PDF sees, page by page, with all white space as one space
 * (a wrapped sentence reads as one line). Read with pdf.js (unpdf), so the tests need
 * no system program; pages are joined by a form feed, as pdftotext separates them.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map((page) => page.replace(/[ \t\r\n]+/g, " ").trim()).join(" \f ");
}

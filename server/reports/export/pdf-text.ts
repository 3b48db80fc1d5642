/**
 * Text for PDFKit's built-in fonts (Helvetica), which only hold the Windows-1252
 * ("WinAnsi") characters: anything else would be written as garbage bytes. Names come
 * from users (company, reference, places), so every string drawn goes through here:
 * control characters become spaces, accented letters outside the set lose their accent
 * ("ő" -> "o"), and what is still not printable becomes "?". PDFKit draws text as text,
 * never as markup, so "<script>" prints as those eight characters.
 */

/** The code points above 0xFF that Windows-1252 holds (0x80–0x9F block). */
const WIN_ANSI_EXTRAS = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

function printable(code: number): boolean {
  if (code < 0x20 || code === 0x7f) return false;
  if (code <= 0x7e) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return WIN_ANSI_EXTRAS.has(code);
}

export function pdfSafeText(value: string): string {
  let out = "";
  for (const char of value.normalize("NFC")) {
    const code = char.codePointAt(0) as number;
    if (printable(code)) {
      out += char;
    } else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) {
      out += " ";
    } else {
      // Strip combining marks of the decomposed form; keep it only when all of it prints.
      const base = char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += base && [...base].every((c) => printable(c.codePointAt(0) as number)) ? base : "?";
    }
  }
  return out;
}

/**
 * The list route's answer the server painted its preview from, sent along in the page
 * (server-render.tsx writes it, src/providers/landing-prefetch.ts reads it): the dashboard's
 * list then starts from it instead of asking the server for the same page a second time.
 * A JSON data block, which no browser runs as a script (nor does the Content Security
 * Policy apply to it).
 */
export const PAINTED_ANSWER_ID = "list-preview-answer";

/** The data block for the answer to `url` (the API path the list asks for). */
export function paintedAnswerScript(url: string, body: unknown): string {
  // "<" escaped: a label or preset name holding "</script>" must not end the block.
  const json = JSON.stringify({ url, body }).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PAINTED_ANSWER_ID}">${json}</script>`;
}

/** The painted answer's JSON text when the page holds one for `url`; else undefined. */
export function readPaintedAnswer(url: string, doc: Document = document): string | undefined {
  const text = doc.getElementById(PAINTED_ANSWER_ID)?.textContent;
  if (!text) return undefined;
  try {
    const painted = JSON.parse(text) as { url?: unknown; body?: unknown };
    return painted.url === url ? JSON.stringify(painted.body) : undefined;
  } catch {
    return undefined;
  }
}

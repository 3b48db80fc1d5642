/**
 * Names and other one-line text a person types (company, person, preset and custom-field
 * names, a label's reference, an API key's name...) never hold control characters: a
 * CR/LF in a name would end an e-mail header or a CSV row early, and the others show as
 * nothing or garble a PDF. C0 and C1 controls, DEL and the Unicode line and paragraph
 * separators are refused; tabs too (a name is one line of words).
 */

const CONTROLS = "\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029";

/** Text without control characters (JSON Schema `pattern`, Unicode mode as Ajv compiles it). */
export const PLAIN_TEXT_PATTERN = `^[^${CONTROLS}]*$`;

/** The same, and not blank: at least one character that is not a space. */
export const NON_BLANK_PLAIN_TEXT_PATTERN = `^[^${CONTROLS}]*[^\\s${CONTROLS}][^${CONTROLS}]*$`;

/** What a refused value is told (the API's per-field message). */
export const PLAIN_TEXT_ERRORS: Record<string, string> = {
  [PLAIN_TEXT_PATTERN]: "must not contain line breaks or other control characters",
  [NON_BLANK_PLAIN_TEXT_PATTERN]: "must not be blank, nor contain line breaks or other control characters",
};

const CONTROL = new RegExp(`[${CONTROLS}]`, "u");

/** True when the text holds a control character (for text read outside a schema, such as sign-up form fields). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

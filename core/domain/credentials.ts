/**
 * Sign-up and password rules, shared by the server (which decides) and the
 * dashboard (which can hint before sending). Messages follow the SuperTokens
 * defaults the SDK's users know.
 */

// The reference backend's default e-mail check: something@something.tld.
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/**
 * Control characters (NUL among them, which PostgreSQL text cannot hold) and UTF-16
 * surrogates without their pair are never part of an address; the pattern above lets
 * them through in the local part.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const UNSTORABLE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function emailError(email: string): string | null {
  if (email.length > 254 || !EMAIL.test(email) || UNSTORABLE.test(email)) return "Email is invalid";
  return null;
}

/** Whether a name (a provider's given or family name) can be stored and shown as it is. */
export function isStorableName(name: string): boolean {
  return name.length <= 100 && !UNSTORABLE.test(name);
}

export function passwordError(password: string): string | null {
  if (password.length < 8) return "Password must contain at least 8 characters, including a number";
  if (password.length >= 100) return "Password's length must be lesser than 100 characters";
  if (!/[a-zA-Z]/.test(password)) return "Password must contain at least one alphabet";
  if (!/[0-9]/.test(password)) return "Password must contain at least one number";
  return null;
}

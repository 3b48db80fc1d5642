/** SHA-256 of the bytes with the browser's Web Crypto, as 64 lowercase hex digits. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // A copy on a plain ArrayBuffer: Web Crypto's types refuse a view that may be shared memory.
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

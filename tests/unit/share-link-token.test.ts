import { describe, expect, test } from "vitest";
import { isShareTokenShape, maskShareToken, newShareToken, requestLogFields } from "../../server/reports/share-links";

describe("share link tokens", () => {
  test("a token is 256 random bits in base64url, and its hash is not the token", () => {
    const { token, tokenHash } = newShareToken();
    expect(isShareTokenShape(token)).toBe(true);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).not.toContain(token);
  });

  test("log leak: a logged request line never contains a share token, for the page or the download", () => {
    const { token } = newShareToken();
    expect(maskShareToken(`/api/share/${token}`)).toBe("/api/share/…");
    expect(maskShareToken(`/api/share/${token}/export?fileType=pdf`)).toBe("/api/share/…/export?fileType=pdf");
    const line = requestLogFields({ method: "GET", url: `/share/${token}`, host: "x", ip: "192.0.2.1" });
    expect(JSON.stringify(line)).not.toContain(token);
  });
});

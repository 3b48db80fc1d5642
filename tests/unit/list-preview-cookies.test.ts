import { describe, expect, it } from "vitest";
import {
  decodePreviewToken,
  decodePreviewView,
  encodePreviewToken,
  encodePreviewView,
  LIST_PREVIEW_TOKEN_COOKIE,
  LIST_PREVIEW_VIEW_COOKIE,
  type PreviewView,
  previewCookieWrites,
} from "@/domain/list-preview-cookies";
import { previewPage } from "@/resources/label-reports/first-paint/preview-plan";

const TOKEN = { secret: "c2VjcmV0LXNlY3JldA", jwtToken: "eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl" };
const VIEW: PreviewView = {
  timeZone: "America/New_York",
  fahrenheit: true,
  locale: "en-US",
  showMaintenanceBanner: false,
  restoresSavedSelection: false,
};

/** The value a server sees for one cookie of these `document.cookie` writes (URI-decoded, as cookie parsers do). */
function cookieValue(writes: string[], name: string): string | undefined {
  const write = writes.find((w) => w.startsWith(`${name}=`));
  const value = write?.slice(name.length + 1).split(";")[0];
  return value ? decodeURIComponent(value) : undefined;
}

describe("the list preview's cookies", () => {
  it("carry the active role token and the view, and the server reads back the same", () => {
    const writes = previewCookieWrites(TOKEN, VIEW, false);
    expect(decodePreviewToken(cookieValue(writes, LIST_PREVIEW_TOKEN_COOKIE))).toEqual(TOKEN);
    expect(decodePreviewView(cookieValue(writes, LIST_PREVIEW_VIEW_COOKIE))).toEqual(VIEW);
  });

  it("go to the list's address only, not to the API or other pages", () => {
    for (const write of previewCookieWrites(TOKEN, VIEW, false)) expect(write).toContain("; Path=/label-reports;");
  });

  it("are Secure on an https page", () => {
    for (const write of previewCookieWrites(TOKEN, VIEW, true)) expect(write).toContain("; Secure");
    for (const write of previewCookieWrites(TOKEN, VIEW, false)) expect(write).not.toContain("Secure");
  });

  it("are removed when there is no role token (signed out, or impersonating)", () => {
    const writes = previewCookieWrites(null, VIEW, false);
    expect(writes).toHaveLength(2);
    for (const write of writes) expect(write).toMatch(/^list_preview_\w+=; .*Max-Age=0$/);
  });

  it("a token value without both halves is no token", () => {
    expect(decodePreviewToken(undefined)).toBeUndefined();
    expect(decodePreviewToken("no-dot")).toBeUndefined();
    expect(decodePreviewToken(".jwt")).toBeUndefined();
    expect(decodePreviewToken("secret.")).toBeUndefined();
    expect(decodePreviewToken(encodePreviewToken(TOKEN))).toEqual(TOKEN);
  });

  it("a view that is not JSON, or misses a field, or has one of the wrong type, is no view", () => {
    expect(decodePreviewView("{")).toBeUndefined();
    expect(decodePreviewView("null")).toBeUndefined();
    const { locale: _locale, ...withoutLocale } = VIEW;
    expect(decodePreviewView(JSON.stringify(withoutLocale))).toBeUndefined();
    expect(decodePreviewView(JSON.stringify({ ...VIEW, fahrenheit: "yes" }))).toBeUndefined();
    expect(decodePreviewView(decodeURIComponent(encodePreviewView(VIEW)))).toEqual(VIEW);
  });
});

describe("the page a preview stands for (browser and server alike)", () => {
  it("none for a bare list address when the list first restores a saved selection", () => {
    expect(previewPage({ pathname: "/label-reports", search: "" }, true)).toBeNull();
    expect(previewPage({ pathname: "/label-reports", search: "" }, false)).not.toBeNull();
  });

  it("an address with list parameters is shown as asked, saved selection or not", () => {
    const page = previewPage({ pathname: "/label-reports", search: "?pageSize=10" }, true);
    expect(page?.state.pageSize).toBe(10);
  });

  it("none for a virtualised page (over 100 rows) nor for another address", () => {
    expect(previewPage({ pathname: "/label-reports", search: "?pageSize=500" }, false)).toBeNull();
    expect(previewPage({ pathname: "/users", search: "" }, false)).toBeNull();
  });
});

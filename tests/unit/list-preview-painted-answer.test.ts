// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodePreviewToken, LIST_PREVIEW_TOKEN_COOKIE } from "@/domain/list-preview-cookies";
import { clearPrefetch, takePrefetched } from "@/providers/boot-prefetch";
import { DATABASE_HEADER } from "@/providers/data-provider";
import { landingListRequestUrl, prefetchLandingList } from "@/providers/landing-prefetch";
import { type UserRole, useAuthSessionStore } from "@/providers/stores/auth-session";
import {
  PAINTED_ANSWER_ID,
  paintedAnswerScript,
  readPaintedAnswer,
} from "@/resources/label-reports/first-paint/painted-answer";

/**
 * The answer the server painted the list from travels in the page, and the dashboard's list
 * starts from it instead of asking again (painted-answer.ts, landing-prefetch.ts).
 */

const ROLE = { id: "ur1", type: ["user"], company: { id: "c1", name: "Alpha" } } as UserRole;
const TOKEN = { secret: "s1", jwtToken: "j.w.t" };
const LIST = { pathname: "/label-reports", search: "" };
const PAGE = { data: [{ id: "r1", labelId: "LBL-</script><b>1" }], totalDocuments: 1, after: null };

/** What the server painted for: the token cookie as the dashboard writes it (a string assignment, as there). */
function tokenCookie(value: string, attributes = "") {
  // biome-ignore lint/suspicious/noDocumentCookie: the browser side writes this cookie the same way.
  document.cookie = `${LIST_PREVIEW_TOKEN_COOKIE}=${value}; Path=/label-reports${attributes}`;
}

function paint(url: string, body: unknown = PAGE) {
  document.body.innerHTML = `<div id="root"></div>${paintedAnswerScript(url, body)}`;
}

beforeEach(() => {
  window.history.replaceState(null, "", "/label-reports");
  useAuthSessionStore
    .getState()
    .setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [ROLE] });
  useAuthSessionStore.getState().setCurrentRole(ROLE, TOKEN);
  tokenCookie(encodePreviewToken(TOKEN));
});
afterEach(() => {
  clearPrefetch();
  document.body.innerHTML = "";
  tokenCookie("", "; Max-Age=0");
  useAuthSessionStore.getState().clearSession();
  vi.unstubAllGlobals();
});

const headers = () => ({ ...DATABASE_HEADER, "api-key": TOKEN.secret, jwt: TOKEN.jwtToken });

describe("the painted answer in the page", () => {
  it("keeps a name holding '</script>' inside the data block, and reads back the same answer", () => {
    const url = landingListRequestUrl(LIST) as string;
    paint(url);
    expect(document.getElementById(PAINTED_ANSWER_ID)?.textContent).not.toContain("</script>");
    expect(document.querySelector("b")).toBeNull();
    expect(JSON.parse(readPaintedAnswer(url) ?? "null")).toEqual(PAGE);
  });

  it("is not the answer to another request", () => {
    paint("/api/label-reports?pageSize=10");
    expect(readPaintedAnswer(landingListRequestUrl(LIST) as string)).toBeUndefined();
  });

  it("starts the list from it without asking the server again", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const url = landingListRequestUrl(LIST) as string;
    paint(url);
    prefetchLandingList(LIST);
    const response = await takePrefetched(url, headers());
    expect(fetch).not.toHaveBeenCalled();
    expect(await response?.json()).toEqual(PAGE);
  });

  it("is not used when the server painted it for another role token than this session's", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    tokenCookie(encodePreviewToken({ secret: "other", jwtToken: "x.y.z" }));
    const url = landingListRequestUrl(LIST) as string;
    paint(url);
    prefetchLandingList(LIST);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

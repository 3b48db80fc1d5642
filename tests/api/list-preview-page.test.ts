import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  encodePreviewToken,
  encodePreviewView,
  LIST_PREVIEW_TOKEN_COOKIE,
  LIST_PREVIEW_VIEW_COOKIE,
  type PreviewView,
} from "../../src/domain/list-preview-cookies";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

/**
 * The server paints the label report list's first page into a cold load's HTML for a caller
 * whose list preview cookies hold a valid company role token (server/first-paint). The
 * preview's markup is the browser build's (tested in tests/e2e/list-preview.spec.ts); here a
 * small renderer with the same two functions writes what it was given, so that these tests
 * see exactly which rows, names and view the server handed over, and when it declined.
 */

const RENDERER = `
export function listPreviewRequest(location, restoresSavedSelection) {
  if (location.pathname !== "/label-reports") return undefined;
  if (restoresSavedSelection && location.search === "") return undefined;
  return "/api/label-reports" + (location.search || "?pageSize=25");
}
export function renderListPreview(input) {
  if (input.body.data.length === 0) return undefined;
  if (input.companyName === "throw") throw new Error("render failed");
  return '<div id="server-list-preview">' + JSON.stringify({
    labels: input.body.data.map((r) => r.labelId).sort(),
    user: input.user.email,
    company: input.companyName,
    view: input.view,
    roles: input.permissions.roles,
  }) + "</div>";
}
`;
const INDEX = '<!doctype html><html><head><title>dashboard</title></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  "src/resources/label-reports/first-paint/list-preview.tsx": {
    css: ["assets/list-preview-abc.css"],
    imports: ["_shell.js"],
  },
  "_shell.js": { css: ["assets/shell-def.css"] },
};
const VIEW: PreviewView = {
  timeZone: "Asia/Tokyo",
  fahrenheit: true,
  locale: "en-US",
  showMaintenanceBanner: false,
  restoresSavedSelection: false,
};

let t: TestApp;
let world: World;
let root: string;
let labelsOfA: string[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "list-preview-page-"));
  const staticDir = join(root, "dist");
  mkdirSync(join(staticDir, ".vite"), { recursive: true });
  mkdirSync(join(root, "dist-server"));
  writeFileSync(join(staticDir, "index.html"), INDEX);
  writeFileSync(join(staticDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  writeFileSync(join(root, "dist-server", "server-render.js"), RENDERER);
  t = await createTestApp({ staticDir });
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  // What the list route answers that user for the renderer's request.
  const headers = await t.headersFor(world.users["a:user"] as string, world.companies.a);
  const list = await t.app.inject({ method: "GET", url: "/api/label-reports?pageSize=25", headers });
  labelsOfA = (list.json() as { data: { labelId: string }[] }).data.map((r) => r.labelId).sort();
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

async function cookiesFor(
  userKey: string,
  company: keyof World["companies"],
  view: PreviewView = VIEW,
  impersonatorUserId?: string,
) {
  const token = await roleTokenFor(t.database.db, t.keys, {
    userId: world.users[userKey] as string,
    companyId: world.companies[company],
    ...(impersonatorUserId ? { impersonatorUserId } : {}),
  });
  return `${LIST_PREVIEW_TOKEN_COOKIE}=${encodePreviewToken(token)}; ${LIST_PREVIEW_VIEW_COOKIE}=${encodePreviewView(view)}`;
}

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

/** What the renderer was given, or undefined when the plain page came back. */
function painted(html: string): Record<string, unknown> | undefined {
  const match = /<div id="server-list-preview">(.*?)<\/div>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : undefined;
}

describe("the list page painted on the server", () => {
  test("a valid role token cookie gets the list's first page of that company, with the user and company names", async () => {
    const res = await get("/label-reports", await cookiesFor("a:user", "a"));
    expect(res.statusCode).toBe(200);
    const given = painted(res.body);
    expect(labelsOfA.length).toBeGreaterThan(0);
    expect(given?.labels).toEqual(labelsOfA);
    expect(given?.user).toBe("a-user@test.example");
    expect(given?.company).toBe("Alpha");
  });

  test("another company's user gets their own company's rows, never the first company's", async () => {
    const given = painted((await get("/label-reports", await cookiesFor("b:user", "b"))).body);
    expect(given?.labels).toBeDefined();
    expect(given?.labels).not.toContain(labelsOfA[0]);
  });

  test("names are written as they are, '$&' and \"$'\" included (no replacement patterns)", async () => {
    const db = t.database.db;
    await db.updateTable("companies").set({ name: "Bravo $& $' $$" }).where("id", "=", world.companies.b).execute();
    try {
      const given = painted((await get("/label-reports", await cookiesFor("b:user", "b"))).body);
      expect(given?.company).toBe("Bravo $& $' $$");
    } finally {
      await db.updateTable("companies").set({ name: "Bravo" }).where("id", "=", world.companies.b).execute();
    }
  });

  test("the browser's view (time zone, units, locale, banner) reaches the render", async () => {
    const given = painted((await get("/label-reports", await cookiesFor("a:user", "a"))).body);
    expect(given?.view).toEqual(VIEW);
  });

  test("the painted page is the dashboard's page with the preview after #root and its stylesheets in the head", async () => {
    const { body } = await get("/label-reports", await cookiesFor("a:user", "a"));
    expect(body).toMatch(/<div id="root"><\/div><div id="server-list-preview">/);
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-def.css">');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/list-preview-abc.css">');
    expect(body.indexOf("list-preview-abc.css")).toBeLessThan(body.indexOf("</head>"));
  });

  test("a painted page is the caller's own: never stored by a cache, and varies with the cookies", async () => {
    const res = await get("/label-reports", await cookiesFor("a:user", "a"));
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  test("the query of the address is the list's: its parameters reach the list request", async () => {
    const cookie = await cookiesFor("a:user", "a");
    const one = painted((await get("/label-reports?pageSize=1&order=labelId%5Basc%5D", cookie)).body);
    expect(one?.labels).toEqual([labelsOfA[0]]);
  });
});

describe("the plain page, when the server cannot or must not paint", () => {
  const plain = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(200);
    expect(painted(res.body)).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-cache");
  };

  test("without the cookies", async () => {
    plain(await get("/label-reports"));
  });

  test("with a token that does not verify (wrong secret)", async () => {
    const cookie = (await cookiesFor("a:user", "a")).replace(
      `${LIST_PREVIEW_TOKEN_COOKIE}=`,
      `${LIST_PREVIEW_TOKEN_COOKIE}=x`,
    );
    plain(await get("/label-reports", cookie));
  });

  test("with a revoked token", async () => {
    const cookie = await cookiesFor("a:user", "a");
    await t.database.db.updateTable("roleTokens").set({ revoked: new Date() }).execute();
    plain(await get("/label-reports", cookie));
  });

  test("with an impersonation token (the dashboard's banner comes first)", async () => {
    const cookie = await cookiesFor("a:user", "a", VIEW, world.users["operator:systemAdmin"]);
    plain(await get("/label-reports", cookie));
  });

  test("without the view cookie, or with one that is not a view", async () => {
    const cookie = await cookiesFor("a:user", "a");
    plain(await get("/label-reports", cookie.split("; ")[0]));
    plain(
      await get("/label-reports", `${cookie.split("; ")[0]}; ${LIST_PREVIEW_VIEW_COOKIE}=%7B%22timeZone%22%3A1%7D`),
    );
  });

  test("for a bare address when the list first restores a saved selection", async () => {
    plain(await get("/label-reports", await cookiesFor("a:user", "a", { ...VIEW, restoresSavedSelection: true })));
  });

  test("for any other address of the dashboard", async () => {
    const cookie = await cookiesFor("a:user", "a");
    plain(await get("/label-reports/some-report", cookie));
    plain(await get("/users", cookie));
  });

  test("when the render fails (logged, never a server error)", async () => {
    const db = t.database.db;
    await db.updateTable("companies").set({ name: "throw" }).where("id", "=", world.companies.b).execute();
    try {
      plain(await get("/label-reports", await cookiesFor("b:user", "b")));
    } finally {
      await db.updateTable("companies").set({ name: "Bravo" }).where("id", "=", world.companies.b).execute();
    }
  });

  test("when the list request is refused (a bad query: the dashboard shows the error itself)", async () => {
    plain(await get("/label-reports?pageSize=nope", await cookiesFor("a:user", "a")));
  });
});

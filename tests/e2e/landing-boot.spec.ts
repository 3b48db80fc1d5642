import { expect, type Page, test } from "./support/fixtures";
import { signInWithForm } from "./support/sign-in";

/**
 * A cold load of the label report list while signed in: the boot asks for the list's first
 * page before the app's code runs (src/providers/landing-prefetch.ts) and the list renders
 * with that answer. Hour-long access tokens, as in use: with the suite's 8 s ones a refresh
 * is always due at boot, and the boot leaves the request to the page.
 */
test.use({ accessTokenSeconds: 3600 });

const rows = (page: Page) => page.locator(".ant-table-tbody .ant-table-row");

test("the boot's rows show ready to click, not dimmed under a loading spinner", async ({ page }) => {
  await signInWithForm(page, "user@demo.example");
  // Opened anew with the session stored. The list page's chunk is held back as on a slow
  // network, so the boot's answer is in before the list first renders. (The landing page asks
  // for one `list-*` chunk: the label report list's; other lists are other pages.)
  let held = 0;
  await page.route(/\/assets\/list-[\w-]+\.js$/, async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  const booted = page.waitForRequest((request) => request.url().includes("/api/label-reports?"));
  await page.reload();
  await booted;
  // The list's chunk was the one held back (a renamed chunk would let the rows race the answer).
  expect(held).toBeGreaterThan(0);
  const first = rows(page).first();
  await expect(first).toBeVisible();
  // At the moment they show, not after some later refresh clears it: a loading mask over the
  // rows swallows the click a person makes on them.
  expect(await first.evaluate((row) => row.closest(".ant-spin-blur") !== null)).toBe(false);
  await expect(page.locator(".ant-table-wrapper .ant-spin-spinning")).toHaveCount(0);
  await first.getByRole("link").first().click();
  await expect(page.locator(".ant-drawer-content").getByTestId("report-start")).toBeVisible();
});

test("a signed-in cold load shows the layout at once, not a loader while the session is checked", async ({ page }) => {
  await signInWithForm(page, "user@demo.example");
  // Watches the page from its first node: a "Loading" spinner in the document while the
  // layout's side menu is not (the session gate's loader) counts; a page's own loader inside
  // the layout, while its chunk arrives, does not.
  await page.addInitScript(() => {
    const seen = { gateLoader: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[aria-label="Loading"]') && !document.querySelector(".ant-layout-sider")) {
        seen.gateLoader = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole("complementary").getByRole("menu")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __seen: { gateLoader: boolean } }).__seen.gateLoader)).toBe(
    false,
  );
});

test("opening the label reports asks the API for their first page once", { tag: "@smoke" }, async ({
  page,
  context,
}) => {
  await signInWithForm(page, "admin@demo.example");
  await expect(page.locator("tr.ant-table-row").first()).toBeVisible();
  const fresh = await context.browser()?.newContext({ storageState: await context.storageState() });
  if (!fresh) throw new Error("no browser");
  const cold = await fresh.newPage();
  const listRequests: string[] = [];
  let badgeAnswers = 0;
  cold.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname !== "/api/label-reports") return;
    // The menu's needs-attention badge asks its own short lists (5 rows) once the browser is idle.
    if (url.searchParams.get("pageSize") === "5") return;
    listRequests.push(url.href);
  });
  cold.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/label-reports" && url.searchParams.get("pageSize") === "5") badgeAnswers += 1;
  });
  await cold.goto("/label-reports");
  await expect(cold.locator("tr.ant-table-row").first()).toBeVisible();
  // The badge asks only once the browser has gone idle after drawing the list: a second ask
  // for the first page would have gone out by the time the badge's three lists are back.
  await expect.poll(() => badgeAnswers, { message: "the badge's three lists answered" }).toBeGreaterThanOrEqual(3);
  expect(listRequests).toHaveLength(1);
  await fresh.close();
});

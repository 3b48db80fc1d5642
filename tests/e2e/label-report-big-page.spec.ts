import { expect, test } from "./support/fixtures";
import { signIn, signInAt } from "./support/sign-in";

/**
 * A page of more than 100 label reports (only a URL asks for one; the API allows 10,000)
 * renders virtualised, so 10,000 rows on a page stay smooth: the DOM holds the
 * visible rows only, scrolling brings the last one in, and a long value is cut instead of
 * drawn over the next column.
 */

const rows = ".ant-table-tbody-virtual .ant-table-row";

test("a page of more than 100 rows keeps only the visible rows in the DOM and scrolls to the last one", async ({
  page,
}) => {
  await signIn(page, "admin@demo.example");
  const api = page.waitForResponse((r) => r.url().includes("/api/label-reports?") && r.url().includes("pageSize=500"));
  await page.goto("/label-reports?pageSize=500");
  const body = (await (await api).json()) as { data: { labelId: string }[] };
  // The browser tests' demo data has a few dozen reports: more than the box shows.
  expect(body.data.length).toBeGreaterThan(20);
  await expect(page.locator(rows).first()).toBeVisible();
  expect(await page.locator(rows).count()).toBeLessThan(body.data.length);

  const last = body.data[body.data.length - 1]?.labelId as string;
  await expect(page.getByRole("link", { name: last, exact: true })).toHaveCount(0);
  await page.locator(".ant-table-tbody-virtual-holder").hover();
  // Scrolled until the last row is in view, as a person keeps turning the wheel: each turn draws a
  // few more rows, and rows of two lines make the list re-measure its height on the way.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 50_000);
      return page.getByRole("link", { name: last, exact: true }).isVisible();
    })
    .toBe(true);
  expect(await page.locator(rows).count()).toBeLessThan(body.data.length);
});

test("a cell of a virtualised page cuts its text instead of drawing over the next column", async ({ page }) => {
  await signInAt(page, "admin@demo.example", "/label-reports?pageSize=500");
  const cell = page.locator(`${rows} .ant-table-cell`).nth(1);
  await expect(cell).toBeVisible();
  const clipped = await page
    .locator(`${rows} .ant-table-cell`)
    .evaluateAll((cells) => cells.every((c) => getComputedStyle(c).overflow === "hidden"));
  expect(clipped).toBe(true);
});

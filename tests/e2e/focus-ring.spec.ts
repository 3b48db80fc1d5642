import { expect, type Page, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

/**
 * Keyboard focus is always visible (WCAG 2.4.7): every stop of Tab through the shell, the
 * report list and the report overlay draws a ring. axe does not check this, so the test
 * reads the focused element's own ring (or, for a sidebar link and a text field, the ring
 * of the item or field drawn around it) and compares pixels with and without focus.
 */

/** What the focused element shows as its focus ring, or null when it shows none. */
function focusRing(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return "no focus";
    const drawn = (style: CSSStyleDeclaration) =>
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) >= 2 &&
      !/^rgba\(.*,\s*0\)$|^transparent$/.test(style.outlineColor);
    // The element itself, or the menu item or field it sits in.
    const box =
      focused.closest("li, th, td, .ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-select") ?? focused;
    let node: HTMLElement | null = focused;
    for (; node && box.contains(node); node = node.parentElement) {
      const style = getComputedStyle(node);
      if (drawn(style)) return `outline ${style.outlineWidth} ${style.outlineColor}`;
      // A text field's ring is its box's shadow in the theme's blue.
      if (style.boxShadow.includes("14, 111, 184")) return `shadow ${style.boxShadow}`;
    }
    return null;
  });
}

/** A short name of the focused element, for the failure message. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "nothing";
    const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30);
    return `<${el.tagName.toLowerCase()} class="${el.className}"> "${text}"`;
  });
}

/** Presses Tab `count` times; at every stop the focus ring must be drawn. */
async function tabAndCheck(page: Page, count: number, until?: (name: string) => boolean) {
  for (let stop = 0; stop < count; stop += 1) {
    await page.keyboard.press("Tab");
    const name = await focusedName(page);
    // antd's drawer keeps focus inside with zero-size sentinels that pass it on: nothing to draw.
    if (await page.evaluate(() => document.activeElement?.hasAttribute("data-sentinel"))) continue;
    // A header cell fades its colours in (antd's transition), so the ring is polled for.
    await expect.poll(() => focusRing(page), { message: `focus ring on ${name}`, timeout: 5_000 }).not.toBeNull();
    if (until?.(name)) return;
  }
}

/** Pixels of `locator` focused by the keyboard differ from the same pixels unfocused. */
async function expectRingVisible(page: Page, target: ReturnType<Page["locator"]>, around: ReturnType<Page["locator"]>) {
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  const before = await around.screenshot({ animations: "disabled" });
  await target.focus();
  // focus() from script counts as keyboard focus for :focus-visible when the last input was a key.
  await page.keyboard.press("Shift");
  await expect.poll(() => focusRing(page), { timeout: 5_000 }).not.toBeNull();
  const after = await around.screenshot({ animations: "disabled" });
  expect(after.equals(before), "the focused element looks different from the unfocused one").toBe(false);
}

test("every Tab stop in the shell, the report list and the overlay shows a focus ring", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  const firstRowLink = page.locator("tr.ant-table-row").first().getByRole("link").first();
  await expect(firstRowLink).toBeVisible();
  await page.locator("body").click({ position: { x: 1, y: 1 } });

  // The sidebar, the header, the search and list controls, the sortable headers, up to the first row's link.
  const firstLabel = (await firstRowLink.textContent())?.trim() ?? "";
  await tabAndCheck(page, 40, (name) => name.includes(firstLabel));
  await expect(firstRowLink).toBeFocused();

  // The overlay opened from the keyboard: its close button, tabs and actions.
  await page.keyboard.press("Enter");
  const drawer = page.locator(".ant-drawer-content");
  await expect(drawer.getByTestId("report-start")).toBeVisible();
  await tabAndCheck(page, 12);
});

test("a sidebar link, a row's Label ID link and a sortable header look different when focused", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  const row = page.locator("tr.ant-table-row").first();
  await expect(row).toBeVisible();
  const menuLink = page.getByRole("link", { name: "Label presets" });
  await expectRingVisible(page, menuLink, page.locator(".ant-menu-item", { has: menuLink }));
  const rowLink = row.getByRole("link").first();
  await expectRingVisible(page, rowLink, row.locator("td").first());
  const header = page.getByRole("columnheader", { name: "Shipment", exact: true });
  await expectRingVisible(page, header, header);
});

import type { Page } from "@playwright/test";

/**
 * Snackbars leave after two seconds. On a loaded machine a test polling from outside the page
 * (a roundtrip every second at most) can miss one that came and went; the page itself cannot.
 * `watchSnackbars` makes the page record the title of every snackbar shown from then on;
 * `snackbarShown` waits until one matching `title` has been shown, and returns it.
 */
export async function watchSnackbars(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const list = () => document.querySelector('section[aria-label="Notifications"]');
    const record = () => {
      for (const item of list()?.querySelectorAll('[role="status"], [role="alert"]') ?? []) {
        const title = item.textContent ?? "";
        if (!seen.includes(title)) seen.push(title);
      }
    };
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true, characterData: true });
    Object.assign(window, { shownSnackbars: seen });
  });
}

export async function snackbarShown(page: Page, title: RegExp | string): Promise<string> {
  const pattern =
    typeof title === "string" ? { source: title, literal: true } : { source: title.source, literal: false };
  try {
    const handle = await page.waitForFunction(
      ({ source, literal }) => {
        const seen = (window as unknown as { shownSnackbars?: string[] }).shownSnackbars ?? [];
        return seen.find((text) => (literal ? text.includes(source) : new RegExp(source).test(text))) ?? false;
      },
      pattern,
      // As long as a web-first assertion waits (playwright.config.ts, expect.timeout).
      { timeout: 60_000 },
    );
    return (await handle.jsonValue()) as string;
  } catch (error) {
    const seen = await page.evaluate(() => (window as unknown as { shownSnackbars?: string[] }).shownSnackbars);
    throw new Error(`No snackbar ${String(title)} was shown; shown: ${JSON.stringify(seen ?? "not watched")}`, {
      cause: error,
    });
  }
}

import { expect, test } from "./support/fixtures";
import { signInAt } from "./support/sign-in";

const recording = `/label-reports?filter=${encodeURIComponent("status[eq]recording,isArchived[eq]false")}`;

test("an applied filter shows as a chip, and removing the chip removes the filter", async ({ page }) => {
  await signInAt(page, "admin@demo.example", recording);
  const chips = page.getByRole("group", { name: "Applied filters" });
  await expect(chips.getByRole("button", { name: "Remove filter Status: Recording" })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("chips.png") });
  await chips.getByRole("button", { name: "Remove filter Status: Recording" }).click();
  // No chip left, not even "Archived reports shown": the default (archived hidden) stays.
  await expect(page.getByRole("group", { name: "Applied filters" })).toHaveCount(0);
  const filter = new URL(page.url()).searchParams.get("filter") ?? "";
  expect(filter).not.toContain("status");
});

test("a search that matches nothing says so and offers to clear it", async ({ page }) => {
  await signInAt(page, "admin@demo.example", recording);
  await page.getByPlaceholder("Search by label ID").fill("NO-SUCH-LABEL-42");
  await page.keyboard.press("Enter");
  await expect(page.getByText("No label reports match the search or filters.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("empty.png") });
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await expect(page.getByText("No label reports match the search or filters.")).toHaveCount(0);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("group", { name: "Applied filters" })).toHaveCount(0);
});

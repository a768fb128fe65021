import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ROUTE_TABLE } from "../../../app/lib/route-table";
import { DEMO, hydrated, signInAs } from "../support";

// Every public page, in both themes, plus the open sign-in dialog and the admin settings page.
const PUBLIC_PAGES = ROUTE_TABLE.filter((r) => !r.resource && r.access.allow === "public").map((r) => r.path);

async function seriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const theme of ["dark", "light"] as const) {
  test(`public pages have no serious accessibility violations (${theme})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000); // one axe run per public page (about 2 s each on a busy 2-core machine), and the list grows
    await page.context().addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    const found: string[] = [];
    for (const path of [...PUBLIC_PAGES, "/?login=true", "/?login=true&tab=register", "/no-such-page"]) {
      await page.goto(path);
      await hydrated(page);
      found.push(...(await seriousViolations(page)).map((v) => `${path} ${v}`));
    }
    expect(found).toEqual([]);
  });
}

test("signed-in pages have no serious accessibility violations", async ({ page }) => {
  await signInAs(page.request, DEMO.admin);
  const found: string[] = [];
  for (const path of ["/admin/settings", "/admin/mailbox", "/account", "/client-dashboard"]) {
    await page.goto(path);
    await hydrated(page);
    found.push(...(await seriousViolations(page)).map((v) => `${path} ${v}`));
  }
  await page.getByTestId("floating-panel").locator("summary").click();
  found.push(...(await seriousViolations(page)).map((v) => `panel ${v}`));
  expect(found).toEqual([]);
});

import { expect, test, type Page } from "@playwright/test";
import { ROUTE_TABLE } from "../../../app/lib/route-table";
import { samplePath } from "../sample-paths";
import { seriousViolations } from "../accessibility-check";
import { hydrated, useSignIn } from "../support";

// Every public page and the sign-in dialog's tabs in the light theme, with every rule, in parts so the two journey
// workers share the sweep and each part stays short on a slow machine. The dark theme changes colours only (the
// same markup under other CSS variables): its sweep runs the colour rules on a set of pages that together use
// every colour pair the site has (text, links, buttons, badges, forms, dialogs, cards, the footer).
const PUBLIC_PAGES = [
  ...ROUTE_TABLE.filter((r) => !r.resource && r.access.allow === "public").map((r) => samplePath(r.path)),
  "/?login=true",
  "/?login=true&tab=register",
  "/zavcharge?login=true",
  "/zavcharge?login=true&tab=register",
  "/zavcharge?login=true&tab=forgot-password",
  "/no-such-page",
];
const DARK_THEME_PAGES = [
  "/",
  "/store",
  "/store/detachable-smart-sofa",
  "/academy/solar-installation-fundamentals",
  "/zavcharge",
  "/marketplace/convertible-sofa-bed-in-iroko-4f2a9c",
  "/contact",
  "/?login=true&tab=register",
  "/no-such-page",
];

async function sweep(page: Page, paths: readonly string[], { colourOnly = false } = {}) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    found.push(...(await seriousViolations(page, { colourOnly })).map((v) => `${path} ${v}`));
  }
  return found;
}

const PUBLIC_PARTS = 6;
for (let part = 0; part < PUBLIC_PARTS; part++) {
  const paths = PUBLIC_PAGES.filter((_, i) => i % PUBLIC_PARTS === part);
  test(
    `public pages have no serious accessibility violations (${part + 1} of ${PUBLIC_PARTS})`,
    { tag: "@markup" },
    async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: "theme", value: "light", url: baseURL! }]);
      expect(await sweep(page, paths)).toEqual([]);
    },
  );
}

test("public pages in the dark theme have no contrast violations", { tag: "@markup" }, async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "theme", value: "dark", url: baseURL! }]);
  expect(await sweep(page, DARK_THEME_PAGES, { colourOnly: true })).toEqual([]);
});

// In parts, so the two journey workers share the sweep and each part stays a short journey on a slow machine.
const SIGNED_IN_PAGES = [
  "/admin/settings",
  "/admin/mailbox",
  "/admin/blog",
  "/admin/blog?new=1",
  "/account",
  "/client-dashboard",
  "/staff/appointments",
  "/staff/orders",
  "/staff/orders/ZV-100001",
  "/staff/crm",
  "/staff/crm/1",
  "/staff/crm/imports",
  "/staff/inventory",
  "/staff/privacy-requests",
  "/staff/abandoned-carts",
  "/admin/audit",
  "/admin/backups",
  "/admin/errors",
  "/admin/users",
  "/admin/payouts",
  "/admin/referrals",
  "/admin/visits",
  "/admin/power-tracking",
  "/admin/migration",
  "/marketplace/buyer-dashboard",
  "/admin/dashboard",
  "/staff/zavcharge",
  "/staff/referrals",
  "/staff/zavcharge/sessions",
  "/staff/zavcharge/subscribers",
  "/staff/zavcharge/chargers",
  "/staff/zavcharge/chargers/1",
  "/staff/zavcharge/subscribers/ZAV48213907LEKK",
  "/marketplace/become-seller",
  "/staff/marketplace/applications?status=all",
  "/staff/marketplace/sellers",
  "/staff/marketplace/listings",
  "/staff/marketplace/listings/4",
  "/staff/marketplace/reviews",
  "/admin/power-tracking/1",
  "/cart/restore/1.forged",
  "/refer-earn",
  "/admin/investments",
  "/staff/investors?status=all",
  "/invest/apply",
] as const;
const SWEEP_PARTS = 8;
const sweepPart = (n: number) => SIGNED_IN_PAGES.filter((_, i) => i % SWEEP_PARTS === n);

for (let part = 0; part < SWEEP_PARTS; part++) {
  const paths = sweepPart(part);
  test(`signed-in pages have no serious accessibility violations (${part + 1} of ${SWEEP_PARTS})`, { tag: "@markup" }, async ({ page }) => {
    await useSignIn(page.context(), "admin");
    const found = await sweep(page, paths);
    if (part === SWEEP_PARTS - 1) {
      await page.getByTestId("floating-panel").locator("summary").click();
      found.push(...(await seriousViolations(page)).map((v) => `panel ${v}`));
    }
    expect(found).toEqual([]);
  });
}

test("the seller's pages have no serious accessibility violations", { tag: "@markup" }, async ({ page }) => {
  await useSignIn(page.context(), "seller");
  // The architect's store as a signed-in buyer sees it: with the consultation form.
  const found = await sweep(page, [
    "/seller/dashboard",
    "/seller/listings/new",
    "/seller/listings/1",
    "/marketplace/sellers/bello-design-studio",
  ]);
  await useSignIn(page.context(), "architect");
  found.push(...(await sweep(page, ["/architect/dashboard", "/seller/listings/new?kind=design"])).map((v) => `architect ${v}`));
  expect(found).toEqual([]);
});

test("the investor's pages have no serious accessibility violations", { tag: "@markup" }, async ({ page }) => {
  await useSignIn(page.context(), "investor");
  expect(await sweep(page, ["/investor-dashboard", "/invest/tiers/1", "/invest/apply"])).toEqual([]);
});

test("the ZavCharge driver pages have no serious accessibility violations", { tag: "@markup" }, async ({ page }) => {
  await useSignIn(page.context(), "customer");
  expect(await sweep(page, ["/zavcharge/dashboard", "/zavcharge/top-up", "/zavcharge/renew", "/zavcharge/history"])).toEqual([]);
});

test("the data migration's column matching and dry run have no serious accessibility violations", { tag: "@markup" }, async ({ page }) => {
  await useSignIn(page.context(), "admin");
  await page.goto("/admin/migration");
  await page.getByRole("radio", { name: /^Products/ }).check();
  const csv = 'SKU,Name,Category,Price,Stock\nAXE-CHECK-1,Solar Lantern,Lighting,"12,500",4\nAXE-CHECK-2,Mystery box,Toys,1000,1\n';
  await page.getByLabel("CSV file").setInputFiles({ name: "axe-products.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Read the file" }).click();
  await expect(page.getByRole("heading", { name: "Match the columns" })).toBeVisible();
  await hydrated(page);
  const found = (await seriousViolations(page)).map((v) => `mapping ${v}`);
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByRole("heading", { name: "What the import would do" })).toBeVisible();
  await hydrated(page);
  found.push(...(await seriousViolations(page)).map((v) => `dry run ${v}`));
  expect(found).toEqual([]);
  // Nothing of the check is imported.
  await page.getByRole("button", { name: "Cancel this import" }).click();
  await expect(page).toHaveURL(/\/admin\/migration$/);
});

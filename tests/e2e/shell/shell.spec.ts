import { expect, request as newRequest, test } from "@playwright/test";
import { BASE, DEMO, hydrated, signedIn, useSignIn } from "../support";
import { servedPage } from "../served-page";

test("a customer is refused /admin/settings with Access Denied", async ({ page }) => {
  await useSignIn(page.context(), "customer");
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByText("Access Denied", { exact: true })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test("unknown paths show Page Not Found with Go Home and Go Back", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && !m.text().includes("404") && errors.push(m.text()));
  await page.context().addCookies([{ name: "theme", value: "light", url: BASE }]);
  await page.goto("/");
  const res = await page.goto("/solar/does-not-exist");
  expect(res!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.locator("html")).not.toHaveClass(/dark/); // the frame is complete: theme, footer
  await expect(page.getByRole("navigation", { name: "Quick links" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  await page.goto("/nothing-here");
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page.getByRole("heading", { name: "What makes a home?" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the theme is dark by default, toggles, and is rendered by the server on the next load (no flash)", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await hydrated(page);
  // The page switches at once; the cookie comes with the answer, so wait for it before asking for another page.
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/theme") && r.request().method() === "POST");
  await page.getByRole("banner").getByRole("button", { name: "Switch to light theme" }).click();
  await saved;
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  const html = await (await page.request.get("/store")).text();
  expect(html).toMatch(/<html lang="en-NG" class=""[ >]/);
});

test("security headers, CSP with a nonce, /health and /ready", async ({ request }) => {
  const res = await request.get("/");
  const h = res.headers();
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const nonce = /'nonce-([^']+)'/.exec(h["content-security-policy"]!)?.[1];
  expect(nonce).toBeTruthy();
  expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(await res.text()).toContain(`nonce="${nonce}"`);

  const health = await request.get("/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get("/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ok", database: "up" });
});

test("a page loads with no CSP violations or script errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("link", { name: "Store", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Solar & Smart Furniture Store" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("per-route titles, descriptions, social image and noindex", async ({ request }) => {
  const academy = await servedPage(request, "/academy");
  expect(academy.title).toBe("Zavolah Academy | Zavolah");
  expect(academy.meta("description")).toMatch(/courses in solar installation/);
  expect(academy.meta("og:image")).toBe(`${BASE}/images/social-card.png`);
  expect(academy.meta("robots")).toBeNull();
  const img = await request.get("/images/social-card.png");
  expect(img.headers()["content-type"]).toBe("image/png");
  const customer = await newRequest.newContext({ baseURL: BASE, storageState: signedIn("customer") });
  const dashboard = await servedPage(customer, "/client-dashboard");
  expect(dashboard.path).toBe("/client-dashboard");
  expect(dashboard.meta("robots")).toBe("noindex, nofollow");
  await customer.dispose();
});

test("an oversized request body is refused before it is read", async ({ request }) => {
  const res = await request.post("/auth/sign-in", {
    data: Buffer.alloc(3 * 1024 * 1024, "a"),
    headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status()).toBe(413);
});

test("a form posted from another site is refused", async ({ request }) => {
  const res = await request.post("/auth/sign-in", {
    form: { email: DEMO.customer, password: "x" },
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
});

test("the floating panel shows the role's links, the cart total in naira, and admin approvals", async ({ page }) => {
  await useSignIn(page.context(), "seller");
  await page.goto("/");
  await hydrated(page);
  const panel = page.getByTestId("floating-panel");
  await panel.locator("summary").click();
  await expect(panel.getByRole("link", { name: "Seller dashboard" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Admin dashboard" })).toHaveCount(0);
  await expect(panel.getByRole("link", { name: "Investor dashboard" })).toHaveCount(0);
  await expect(panel.getByTestId("cart-total")).toHaveText("₦0.00");

  await page.context().clearCookies();
  await useSignIn(page.context(), "admin");
  await page.goto("/");
  await hydrated(page);
  await panel.locator("summary").click();
  await expect(panel.getByRole("link", { name: "Admin dashboard" })).toBeVisible();
  await expect(panel.getByText("Pending approvals")).toBeVisible();
  await expect(panel.getByRole("link", { name: "Review All" })).toHaveAttribute("href", "/admin/dashboard");
});

test("a signed-in visitor with ?returnTo goes there; the dialog context follows the page", async ({ request }) => {
  const academy = await servedPage(request, "/academy?login=true");
  // The dialog, as the server sends it, speaks to a student.
  expect(academy.find({ role: "dialog" })?.text).toMatch(/^Student Zavolah Academy Sign in to enrol in courses/);
  expect(academy.headings()).toContain("Zavolah Academy");
  const customer = await newRequest.newContext({ baseURL: BASE, storageState: signedIn("customer") });
  expect((await servedPage(customer, "/?returnTo=client-dashboard")).path).toBe("/client-dashboard");
  await customer.dispose();
});

test("hash links land 80 px below the top", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/store");
  await hydrated(page);
  await page.goto("/#solutions");
  await hydrated(page);
  const solutions = page.locator("#solutions");
  await expect.poll(() => solutions.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
  // Where the smooth scroll comes to rest: the same place two frames running.
  const top = await solutions.evaluate(async (el) => {
    const twoFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (let last = NaN; ;) {
      await twoFrames();
      const now = el.getBoundingClientRect().top;
      if (now === last) return Math.round(now);
      last = now;
    }
  });
  expect(Math.abs(top - 80)).toBeLessThanOrEqual(2);
});

test("the footer's e-mail menu opens on hover from 768 px and on tap below it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await hydrated(page);
  const menu = page.locator("#footer-email-menu");
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: /hello@zavolah\.ng/ }).hover();
  await expect(menu.getByRole("link", { name: /sales@zavolah\.ng/ })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 780 });
  await page.mouse.move(0, 0);
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: /hello@zavolah\.ng/ }).click();
  await expect(menu.getByRole("link", { name: /careers@zavolah\.ng/ })).toBeVisible();
  await expect(menu.getByRole("link", { name: /academy@zavolah\.ng/ })).toBeVisible();
});

test("a slow navigation shows the progress bar, which is forced to finish after 5 s", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  // Hold the next page's data, as a very slow mobile connection might, until the bar has given up on it.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/*.data*", async (route) => {
    await held;
    await route.continue();
  });
  const bar = page.getByRole("progressbar", { name: "Loading page", includeHidden: true });
  await expect(bar).toHaveAttribute("data-state", "idle");
  await page.getByRole("banner").getByRole("link", { name: "Academy" }).click();
  await expect(bar).toHaveAttribute("data-state", "loading");
  const started = Date.now();
  await expect(bar).toHaveAttribute("data-state", "idle", { timeout: 6500 });
  expect(Date.now() - started).toBeGreaterThan(4000);
  release();
  await expect(page.getByRole("heading", { level: 1, name: /^Learn solar, storage and smart furniture/ })).toBeVisible();
});

test("the sign-in dialog keeps keyboard focus inside and closes with Escape", async ({ page }) => {
  await page.goto("/?login=true");
  await hydrated(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Email")).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(`${BASE}/`);
});

test("sitemap.xml and robots.txt come from the route table", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${BASE}/privacy-policy</loc>`);
  expect(xml).toContain(`<loc>${BASE}/store</loc>`);
  expect(xml).not.toContain("/admin");
  expect(xml).not.toContain("/client-dashboard");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin/");
  expect(robots).toContain(`Sitemap: ${BASE}/sitemap.xml`);
});

test("the legal pages are real: about, a privacy policy under the NDPA, and terms", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
  await expect(page.getByText(/Nigeria Data Protection Act 2023/).first()).toBeVisible();
  for (const section of ["What we collect", "How long we keep it", "Your rights"])
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { name: "Terms of Service", level: 1 })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { name: "We build homes that power themselves" })).toBeVisible();
});

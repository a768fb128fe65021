import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { slugify } from "@domain/text/slug";
import { DRAFT_POST_SLUG, SAMPLE_POST_SLUG } from "../../../server/db/seed/blog-data";
import { BASE, fromPageCache, hydrated, signedIn, useSignIn } from "../support";
import { servedPage } from "../served-page";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const EXCERPT = "What to check on a solar system before the rainy season starts, from our Ibadan technicians.";
const CONTENT =
  "Clean the panels early in the morning with plain water.\n\nCheck the battery terminals for rust and tighten every connection.";

async function openNewPost(page: Page) {
  await page.goto("/admin/blog");
  await hydrated(page);
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();
}

async function fillPost(page: Page, title: string, { excerpt = EXCERPT, content = CONTENT, tags = "solar, maintenance" } = {}) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Excerpt").fill(excerpt);
  await page.getByLabel("Content").fill(content);
  await page.getByLabel("Tags").fill(tags);
  await page.getByLabel("Featured image").selectOption({ label: "Solar panels on a family home at sunset" });
}

const sitemap = async (page: Page) => (await page.request.get("/sitemap.xml")).text();
const jsonLd = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);

test("staff write and publish a post: it is on /blog, has its own page and is in the sitemap; unpublished, it is gone", async ({
  page,
}) => {
  // An anonymous visitor's /blog is served from the page cache: publishing must refresh it.
  const visitor = await playwrightRequest.newContext({ baseURL: BASE });
  expect((await fromPageCache(visitor, "/blog")).headers()["x-page-cache"]).toBe("hit");
  await useSignIn(page.context(), "staff");
  const title = `Rainy season checks for your solar system ${unique()}`;
  const slug = slugify(title);
  await openNewPost(page);
  await fillPost(page, title);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const row = page.getByTestId("admin-post-row").filter({ hasText: title });
  await expect(row).toContainText("published");
  await expect(row).toContainText("Tunde Bakare");

  // Newest first: the new post leads the list, with its excerpt, author and tags.
  await page.goto("/blog");
  const first = page
    .getByRole("list")
    .filter({ has: page.getByRole("heading", { level: 2 }) })
    .first()
    .getByRole("listitem")
    .first();
  await expect(first.getByRole("heading", { name: title })).toBeVisible();
  await expect(first).toContainText(EXCERPT);
  await expect(first).toContainText("Tunde Bakare");
  await expect(first.getByRole("link", { name: "#maintenance" })).toBeVisible();

  expect(await (await visitor.get("/blog")).text()).toContain(title);
  await visitor.dispose();

  await first.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Check the battery terminals for rust")).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Zavolah`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE}/blog/${slug}`);
  const [posting] = await jsonLd(page);
  expect(posting).toMatchObject({
    "@type": "BlogPosting",
    headline: title,
    description: EXCERPT,
    author: { name: "Tunde Bakare" },
    url: `${BASE}/blog/${slug}`,
  });

  expect(await sitemap(page)).toMatch(new RegExp(`<loc>${BASE}/blog/${slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));

  // Unpublish: the page is a 404 again and the sitemap forgets it.
  await page.goto("/admin/blog");
  await hydrated(page);
  await page.getByRole("button", { name: `Unpublish: ${title}` }).click();
  await expect(page.getByTestId("admin-post-row").filter({ hasText: title })).toContainText("draft");
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  expect(await sitemap(page)).not.toContain(`/blog/${slug}<`);
});

test("a saved draft is not on /blog, its address is a 404, and the sitemap leaves it out", async ({ page }) => {
  await useSignIn(page.context(), "staff");
  const title = `Draft about generator changeover switches ${unique()}`;
  const slug = slugify(title);
  await openNewPost(page);
  await fillPost(page, title);
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page.getByTestId("admin-post-row").filter({ hasText: title })).toContainText("draft");

  await page.goto("/blog");
  await expect(page.getByRole("heading", { name: "Guides and news from the team" })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  for (const path of [`/blog/${slug}`, `/blog/${DRAFT_POST_SLUG}`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  }
  const xml = await sitemap(page);
  expect(xml).not.toContain(slug);
  expect(xml).not.toContain(DRAFT_POST_SLUG);
  expect(xml).toContain(`<loc>${BASE}/blog/${SAMPLE_POST_SLUG}</loc>`);
  expect(xml).toMatch(new RegExp(`<loc>${BASE}/blog</loc><lastmod>`));
});

test("bad input shows each field's message and stores nothing, with and without JavaScript", async ({ page, browser }) => {
  await useSignIn(page.context(), "staff");
  await page.goto("/admin/blog");
  const before = await page.getByTestId("admin-post-row").count();
  const title = `Oops ${unique()}`;

  await openNewPost(page);
  await fillPost(page, title.slice(0, 3), { excerpt: "Too short", content: "Also too short", tags: "Two Words, solar" });
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page.getByText("Title must be at least 5 characters")).toBeVisible();
  await expect(page.getByText("Excerpt must be at least 20 characters")).toBeVisible();
  await expect(page.getByText("Content must be at least 50 characters")).toBeVisible();
  await expect(page.getByText("Tags are single lowercase words")).toBeVisible();
  await expect(page.getByLabel("Excerpt")).toHaveValue("Too short"); // what was typed is kept

  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: signedIn("staff") });
  const plain = await noJs.newPage();
  await plain.goto("/admin/blog?new=1");
  await fillPost(plain, "Good title here", { excerpt: "x", content: CONTENT });
  await plain.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(plain.getByText("Excerpt must be at least 20 characters")).toBeVisible();
  await expect(plain.getByLabel("Title")).toHaveValue("Good title here");
  await noJs.close();

  await page.goto("/admin/blog");
  await expect(page.getByTestId("admin-post-row")).toHaveCount(before);
});

test("visitors and customers can neither open /admin/blog nor post to it", async ({ request }) => {
  const title = `Sneaky post from outside ${unique()}`;
  const form = { intent: "publish", title, excerpt: EXCERPT, content: CONTENT, tags: "solar", featuredImage: "" };
  for (const who of ["anonymous", "customer"] as const) {
    const ctx = await playwrightRequest.newContext({
      baseURL: BASE,
      extraHTTPHeaders: { origin: BASE },
      storageState: who === "customer" ? signedIn("customer") : undefined,
    });
    const expected = who === "anonymous" ? /^\/\?login=true&returnTo=%2Fadmin%2Fblog/ : /^\/$/;
    const open = await ctx.get("/admin/blog", { maxRedirects: 0 });
    expect(open.status(), `${who} GET`).toBe(302);
    expect(open.headers()["location"]).toMatch(expected);
    const post = await ctx.post("/admin/blog", { form, maxRedirects: 0 });
    expect(post.status(), `${who} POST`).toBe(302);
    expect(post.headers()["location"]).toMatch(expected);
    await ctx.dispose();
  }
  expect((await request.get(`/blog/${slugify(title)}`)).status()).toBe(404);
  const staff = await playwrightRequest.newContext({ baseURL: BASE, storageState: signedIn("staff") });
  const posts = await servedPage(staff, "/admin/blog");
  expect(posts.headings(1)).toEqual(["Blog posts"]);
  expect(posts.text).not.toContain(title);
  await staff.dispose();
});

test("a title with markup is shown as text and stays data inside the JSON-LD", async ({ page }) => {
  await useSignIn(page.context(), "staff");
  const title = `Fuses </script><b>& breakers</b> ${unique()}`;
  await openNewPost(page);
  await fillPost(page, title, { content: `${CONTENT}\n\n<img src=x onerror=alert(1)> is shown as typed.` });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("admin-post-row").filter({ hasText: title })).toContainText("published");

  const res = await page.goto(`/blog/${slugify(title)}`);
  const html = await res!.text();
  expect(html).not.toContain("<b>& breakers");
  expect(html).toContain("\\u003c/script\\u003e\\u003cb\\u003e");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("<img src=x onerror=alert(1)> is shown as typed.")).toBeVisible();
  const [posting] = await jsonLd(page);
  expect(posting?.headline).toBe(title);
});

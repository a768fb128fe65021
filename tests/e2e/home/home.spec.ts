import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrated } from "../support";

// The home hero (docs/product/site-shell.md#home-page): typed headline, product/academy carousel, partners carousel.
// Time is Playwright's fake clock: it flows naturally until pauseAt, then only runFor moves it.
const T0 = new Date("2026-03-02T08:00:00Z");

async function openHome(page: Page) {
  await page.clock.install({ time: T0 });
  await page.goto("/");
  await hydrated(page);
  // Freeze time; due timers fire once on the jump (the carousel takes one step, the typist one).
  await page.clock.pauseAt(new Date(T0.getTime() + 60_000));
}

const products = (page: Page) => page.getByRole("region", { name: "Products and academy previews" });
const partners = (page: Page) => page.getByRole("region", { name: "Partner logos" });
const activeSlide = (carousel: Locator) => carousel.locator('[aria-roledescription="slide"]:not([inert])');

async function expectSlide(carousel: Locator, n: number, of: number, inView = true) {
  await expect(activeSlide(carousel)).toHaveAttribute("aria-label", `${n} of ${of}`);
  await expect(carousel.getByRole("button", { name: `Go to slide ${n}`, exact: true })).toHaveAttribute("aria-current", "true");
  if (inView) await expect(activeSlide(carousel)).toBeInViewport({ ratio: 0.9 });
}

test("the server renders the first phrase and slide, with sizes set and only the first image eager", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain('<span class="sr-only">What makes a home?</span>');
  expect(html).toContain('data-testid="typed-headline" data-text="What makes a home?"');
  expect(html).toMatch(/<img src="\/images\/home\/solar-lighting\.svg" alt="[^"]+" width="960" height="540" loading="eager"/);
  expect(html).toMatch(/<img src="\/images\/home\/smart-sofa\.svg"[^>]*loading="lazy"/);
  expect(html).not.toMatch(/\.(webm|mp4)"/);
  for (const label of ["SEE MORE DETAILS", "SHOP NOW", "Explore Marketplace", "Get Consultation"]) expect(html).toContain(label);
  expect(html).toContain('href="/services#book"');
});

test("the headline types the next phrase while the h1's accessible name stays put", async ({ page }) => {
  await openHome(page);
  const h1 = page.getByRole("heading", { level: 1 });
  const typed = page.getByTestId("typed-headline");
  await expect(h1).toHaveAccessibleName("What makes a home?");
  const seen = new Set<string>();
  // Each step's timer is set after React renders the previous one, so time is moved in small slices.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(100);
        const text = (await typed.getAttribute("data-text"))!;
        seen.add(text);
        await expect(h1).toHaveAccessibleName("What makes a home?");
        return text;
      },
      { timeout: 30_000, intervals: [20] },
    )
    .toBe("What makes a business?");
  // Deleted back to the shared stem, then typed letter by letter.
  expect(seen).toContain("What makes a ");
  expect(seen).toContain("What makes a b");
  expect(seen).toContain("What makes a busi");
  await expect
    .poll(async () => (await page.clock.runFor(100), typed.getAttribute("data-text")), { timeout: 30_000, intervals: [20] })
    .toBe("What makes an institution?");
  await expect(h1).toHaveText("What makes a home?");
});

test("previous, next and dots change the slide; it auto-advances every 4 s unless hovered", async ({ page }) => {
  await openHome(page);
  const carousel = products(page);
  await expectSlide(carousel, 2, 6); // the one step taken by pauseAt's jump
  await page.clock.runFor(3900);
  await expectSlide(carousel, 2, 6);
  await page.clock.runFor(200);
  await expectSlide(carousel, 3, 6);

  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expectSlide(carousel, 4, 6);
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await expectSlide(carousel, 3, 6);
  await carousel.getByRole("button", { name: "Go to slide 6" }).click();
  await expectSlide(carousel, 6, 6);
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expectSlide(carousel, 1, 6);

  // Hovered (and the clicked button still focused): no rotation.
  await page.clock.runFor(12_000);
  await expectSlide(carousel, 1, 6);
  // Mouse away and focus elsewhere: rotation resumes after 4 s.
  await page.mouse.move(1, 1);
  await page.getByRole("link", { name: "SHOP NOW" }).focus();
  await page.clock.runFor(4100);
  await expectSlide(carousel, 2, 6);
  await carousel.hover();
  await page.clock.runFor(12_000);
  await expectSlide(carousel, 2, 6);
});

test("no video is fetched before its slide shows; the Academy Preview badge links to /academy", async ({ page }) => {
  const videos: string[] = [];
  page.on("request", (r) => /\.(webm|mp4)$/.test(new URL(r.url()).pathname) && videos.push(new URL(r.url()).pathname));
  await page.clock.install({ time: T0 });
  await page.goto("/");
  await hydrated(page);
  const carousel = products(page);
  await carousel.hover(); // holds slide 1
  await page.clock.pauseAt(new Date(T0.getTime() + 60_000));
  await expectSlide(carousel, 1, 6);
  // A clip is fetched only once its video has a src: none has one yet, and none was requested.
  await expect(carousel.locator("video[src]")).toHaveCount(0);
  expect(videos).toEqual([]);

  const fetched = page.waitForRequest((r) => /\/videos\/academy-solar-basics\.(webm|mp4)$/.test(r.url()));
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expectSlide(carousel, 2, 6);
  await fetched;
  expect(videos.every((v) => v.includes("academy-solar-basics"))).toBe(true);
  const video = activeSlide(carousel).locator("video");
  await expect(video).toHaveJSProperty("muted", true);
  await expect(video).toHaveAttribute("playsinline", "");
  await expect(video).toHaveAttribute("poster", "/videos/academy-solar-basics-poster.webp");

  const badge = activeSlide(carousel).getByRole("link", { name: "Academy Preview" });
  await expect(carousel.locator('[inert] a[href="/academy"]')).toHaveCount(2); // the other two sit on inert slides
  await expect(badge).toHaveAttribute("href", "/academy");
  await badge.click();
  await expect(page).toHaveURL(/\/academy$/);
});

test("keyboard: Tab reaches the carousel controls and the arrow keys step through the slides", async ({ page }) => {
  await openHome(page);
  const carousel = products(page);
  await expectSlide(carousel, 2, 6);
  await page.getByRole("link", { name: "Explore Marketplace" }).focus();
  await page.keyboard.press("Tab");
  await expect(activeSlide(carousel).getByRole("link", { name: "Academy Preview" })).toBeFocused();
  // An arrow key from inside a slide moves focus to the matching button, not into the now-inert slide.
  await page.keyboard.press("ArrowRight");
  await expectSlide(carousel, 3, 6);
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeFocused();
  for (let i = 0; i < 8; i++) await page.keyboard.press("Shift+Tab"); // 6 dots, previous, pause
  await expect(carousel.getByRole("button", { name: "Stop automatic slide show" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expectSlide(carousel, 4, 6);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expectSlide(carousel, 1, 6);
  // Focus inside pauses rotation.
  await page.clock.runFor(12_000);
  await expectSlide(carousel, 1, 6);
  // The pause button stops it for good.
  await page.keyboard.press("Enter");
  await expect(carousel.getByRole("button", { name: "Start automatic slide show" })).toBeFocused();
  await page.getByRole("link", { name: "SHOP NOW" }).focus();
  await page.clock.runFor(12_000);
  await expectSlide(carousel, 1, 6);
});

test("a swipe on touch moves to the next and previous slide", async ({ page }) => {
  await openHome(page);
  const carousel = products(page);
  const viewport = carousel.locator(".touch-pan-y");
  await expectSlide(carousel, 2, 6);
  const swipe = async (fromX: number, toX: number) => {
    await viewport.dispatchEvent("pointerdown", { pointerType: "touch", clientX: fromX, clientY: 300, isPrimary: true });
    await viewport.dispatchEvent("pointerup", { pointerType: "touch", clientX: toX, clientY: 305, isPrimary: true });
  };
  await swipe(400, 300);
  await expectSlide(carousel, 3, 6);
  await swipe(300, 400);
  await expectSlide(carousel, 2, 6);
  await swipe(300, 320); // too short
  await expectSlide(carousel, 2, 6);
});

test("reduced motion: no typing, no auto-advance", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openHome(page);
  const carousel = products(page);
  await expectSlide(carousel, 1, 6);
  await page.clock.runFor(20_000);
  await expectSlide(carousel, 1, 6);
  await expect(page.getByTestId("typed-headline")).toHaveAttribute("data-text", "What makes a home?");
  await expect(carousel.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
  await expectSlide(partners(page), 1, 3, false);
  // Buttons still work, and a video slide offers its own controls instead of autoplaying.
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expectSlide(carousel, 2, 6);
  await expect(activeSlide(carousel).locator("video")).toHaveAttribute("controls", "");
  await expect(activeSlide(carousel).locator("video")).toHaveJSProperty("paused", true);
});

test("partners rotate every 6 s and a logo that fails to load shows the placeholder", async ({ page }) => {
  await page.route("**/images/partners/crestfield-estates.svg", (route) => route.abort());
  await openHome(page);
  const carousel = partners(page);
  await carousel.scrollIntoViewIfNeeded();
  await expectSlide(carousel, 2, 3);
  await page.clock.runFor(5900);
  await expectSlide(carousel, 2, 3);
  await page.clock.runFor(200);
  await expectSlide(carousel, 3, 3);
  await carousel.getByRole("button", { name: "Go to slide 1" }).click();
  await expectSlide(carousel, 1, 3);
  const logo = carousel.getByRole("img", { name: "Crestfield Estates" });
  await expect(logo).toHaveAttribute("src", "/images/partners/placeholder.svg");
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(carousel.getByRole("group", { name: "2 of 3" })).toHaveAttribute("inert", "");
  await expect(carousel.locator('img[alt="Ireti Microfinance Bank"]')).toHaveAttribute("src", "/images/partners/ireti-microfinance.svg");
});

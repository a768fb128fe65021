import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signedIn } from "../support";

// Listings (docs/product/marketplace.md#listings): the demo seller lists a product and the demo architect a design,
// staff reject then publish, buyers find them without JavaScript, and a new price goes back to review.

const jpeg = async (colour: string) => ({
  name: "piece.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});
const planPdf = {
  name: "duplex-floor-plan.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
};

const pendingListings = async (admin: Page) => {
  await admin.goto("/admin/dashboard");
  return Number(await admin.getByTestId("pending-listingReviews").innerText());
};

async function review(staff: Page, title: string, decision: "Publish" | "Reject", reason?: string) {
  await staff.goto("/staff/marketplace/listings");
  await staff.getByRole("link", { name: title }).click();
  await expect(staff.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await staff.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  if (reason) await staff.getByLabel("Reason for the seller").fill(reason);
  await staff.getByRole("button", { name: decision }).click();
  await expect(staff.getByText(decision === "Publish" ? "Listing published" : "Listing rejected")).toBeVisible();
}

/** The seller's new-product form, filled for a teak bar stool and sent with these photos; returns its row on the dashboard. */
async function sendStoolForReview(seller: Page, title: string, photos: Parameters<ReturnType<Page["getByLabel"]>["setInputFiles"]>[0]) {
  await seller.goto("/seller/dashboard");
  await seller.getByRole("link", { name: "New listing" }).click();
  await expect(seller.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  await seller.getByLabel("Title").fill(title);
  await seller.getByLabel("Description").fill("Solid teak bar stool, 75 cm seat height, footrest ring in brushed steel. Sold singly.");
  await seller.getByLabel("Category").selectOption("Home and office furniture");
  await seller.getByLabel("Price (₦)").fill("48,500");
  await seller.getByLabel("In stock").fill("6");
  await seller.getByLabel("Ready in (days)").fill("4");
  await seller.getByLabel("Buyers get it by").selectOption("delivery");
  await seller.getByLabel("Photos").setInputFiles(photos);
  await seller.getByRole("button", { name: "Send for review" }).click();
  return seller.getByTestId("my-listings").locator("li", { hasText: title });
}

test("a seller's disguised photo is refused beside its field, and nothing reaches staff", async ({ browser }) => {
  const title = `Teak bar stool ${Date.now().toString(36).toUpperCase()}`;
  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  const seller = await (await browser.newContext({ storageState: signedIn("seller") })).newPage();
  await sendStoolForReview(seller, title, { name: "stool.jpg", mimeType: "image/jpeg", buffer: Buffer.from("GIF89a not really a photo") });
  await expect(seller.getByText("stool.jpg is not a photo: upload JPEG, PNG or WebP images")).toBeVisible();
  await staff.goto("/staff/marketplace/listings");
  await expect(staff.getByRole("link", { name: title })).toHaveCount(0);
});

test("staff reject a listing with a reason, the seller edits it and staff publish it", async ({ browser }) => {
  const title = `Teak bar stool ${Date.now().toString(36).toUpperCase()}`;
  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  const seller = await (await browser.newContext({ storageState: signedIn("seller") })).newPage();
  const row = await sendStoolForReview(seller, title, [await jpeg("#92400e")]);
  await expect(seller.getByText("Listing sent for review")).toBeVisible();
  await expect(row.getByText("Awaiting review")).toBeVisible();

  // Staff: a rejection needs a reason; the seller sees it and sends the listing again by editing it.
  await staff.goto("/staff/marketplace/listings");
  await staff.getByRole("link", { name: title }).click();
  await staff.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await staff.getByRole("button", { name: "Reject" }).click();
  await expect(staff.getByText("Give the seller the reason, in at least 10 characters")).toBeVisible();
  await review(staff, title, "Reject", "Show the footrest ring in one of the photos, please.");
  await seller.goto("/seller/dashboard");
  await expect(row.getByText("Our team: Show the footrest ring in one of the photos, please.")).toBeVisible();
  await row.getByRole("link", { name: /^Edit/ }).click();
  await seller.getByLabel("Add photos").setInputFiles([await jpeg("#78350f")]);
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.getByText("Saved and sent for review")).toBeVisible();
  await review(staff, title, "Publish");
  await seller.goto("/seller/dashboard");
  await expect(row.getByText("Published")).toBeVisible();
});

test("a published product is found with its price, seller and structured data; a new price sends it back to review", async ({
  browser,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  const title = `Teak bar stool ${tag}`;
  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  const seller = await (await browser.newContext({ storageState: signedIn("seller") })).newPage();
  const row = await sendStoolForReview(seller, title, [await jpeg("#92400e")]);
  await expect(seller.getByText("Listing sent for review")).toBeVisible();
  // The admin's pending approvals count it (the exact sums are in server/marketplace/listings.test.ts; other
  // journeys list things at the same time).
  const admin = await (await browser.newContext({ storageState: signedIn("admin") })).newPage();
  expect(await pendingListings(admin)).toBeGreaterThanOrEqual(1);
  await review(staff, title, "Publish");

  // A buyer finds it with its price, its seller, its structured data and its place in the sitemap.
  const buyer = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await buyer.goto(`/marketplace?q=${tag}`);
  await buyer.getByRole("link", { name: title }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByTestId("listing-price")).toHaveText("₦48,500.00");
  await expect(buyer.getByRole("link", { name: "Musa Crafted Furniture" })).toBeVisible();
  const listingUrl = new URL(buyer.url()).pathname;
  const jsonLd = JSON.parse((await buyer.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Product", name: title, offers: { price: "48500.00", priceCurrency: "NGN" } });
  expect(await (await buyer.request.get("/sitemap.xml")).text()).toContain(listingUrl);

  // A new price takes it off the marketplace until staff look again.
  await seller.goto("/seller/dashboard");
  await row.getByRole("link", { name: /^Edit/ }).click();
  await seller.getByLabel("Price (₦)").fill("52,000");
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.getByText("Saved and sent for review")).toBeVisible();
  expect((await buyer.request.get(listingUrl)).status()).toBe(404);
  await review(staff, title, "Publish");
  await buyer.goto(listingUrl);
  await expect(buyer.getByTestId("listing-price")).toHaveText("₦52,000.00");
});

test("an architect lists a design with its plan; once staff publish it, buyers without JavaScript find it by search and type", async ({
  browser,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  const designTitle = `Four-bedroom duplex plan ${tag}`;
  const staff = await (await browser.newContext({ storageState: signedIn("staff") })).newPage();
  const architect = await (await browser.newContext({ storageState: signedIn("architect") })).newPage();

  await architect.goto("/architect/dashboard");
  await architect.getByRole("link", { name: "New listing" }).click();
  await expect(architect.getByRole("heading", { level: 1, name: "New design" })).toBeVisible();
  await architect.getByLabel("Title").fill(designTitle);
  await architect
    .getByLabel("Description")
    .fill("A 260 m² duplex for a 60 x 120 ft plot: four en-suite bedrooms, a study and a solar-ready roof.");
  await architect.getByLabel("Category").selectOption("Architecture and floor plans");
  await architect.getByLabel("Price (₦)").fill("260000");
  await architect.getByLabel("Preview images").setInputFiles([await jpeg("#e2e8f0")]);
  await architect.getByLabel("Files", { exact: true }).setInputFiles([planPdf]);
  await architect.getByRole("button", { name: "Send for review" }).click();
  await expect(architect.getByText("Listing sent for review")).toBeVisible();

  const buyer = await (await browser.newContext({ storageState: { cookies: [], origins: [] }, javaScriptEnabled: false })).newPage();
  await buyer.goto(`/marketplace?q=${tag}`);
  await expect(buyer.getByRole("link", { name: designTitle })).toHaveCount(0);
  await review(staff, designTitle, "Publish");

  // Search, then the type filter, through the form's own submission.
  await buyer.goto("/marketplace");
  await buyer.getByRole("searchbox", { name: "Search", exact: true }).fill(tag);
  await buyer.getByRole("button", { name: "Show listings" }).click();
  await expect(buyer.getByRole("status")).toHaveText("1 listing");
  await buyer.getByLabel("Type").selectOption("product");
  await buyer.getByRole("button", { name: "Show listings" }).click();
  await expect(buyer).toHaveURL(new RegExp(`q=${tag}.*kind=product`));
  await expect(buyer.getByRole("link", { name: designTitle })).toHaveCount(0);
  await buyer.getByLabel("Type").selectOption("design");
  await buyer.getByRole("button", { name: "Show listings" }).click();
  await buyer.getByRole("link", { name: designTitle }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: designTitle })).toBeVisible();
  await expect(buyer.getByTestId("listing-price")).toHaveText("₦260,000.00");
});

test("screenshots of the marketplace, a listing and the seller's dashboard at 360 and 1280 px", { tag: "@markup" }, async ({ browser }) => {
  const buyer = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  const seller = await (await browser.newContext({ storageState: signedIn("seller") })).newPage();
  for (const width of [360, 1280]) {
    for (const [page, path, name] of [
      [buyer, "/marketplace", "marketplace"],
      [buyer, "/marketplace/convertible-sofa-bed-in-iroko-4f2a9c", "listing"],
      [seller, "/seller/dashboard", "seller-dashboard"],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
    }
  }
});

test("a seller cannot open or change another seller's listing", async ({ browser }) => {
  const seller = await (await browser.newContext({ storageState: signedIn("seller") })).newPage();
  const customer = await (await browser.newContext({ storageState: signedIn("customer") })).newPage();
  // Listing 5 is the demo architect's bungalow plan (server/db/seed/seed-marketplace.ts).
  expect((await seller.goto("/seller/listings/5"))!.status()).toBe(404);
  const origin = new URL(seller.url()).origin;
  const post = await seller.request.post("/seller/listings/5", {
    headers: { origin },
    multipart: { kind: "design", title: "Taken over", description: "x".repeat(40), category: "Lighting", price: "100" },
  });
  expect(post.status()).toBe(404);
  expect((await customer.goto("/seller/listings/new"))!.status()).toBe(403);
  const buyer = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await buyer.goto("/marketplace/three-bedroom-bungalow-plan-solar-ready-roof-91ac3e");
  await expect(buyer.getByRole("heading", { level: 1, name: "Three-bedroom bungalow plan, solar-ready roof" })).toBeVisible();
  await expect(buyer.getByTestId("listing-price")).toHaveText("₦180,000.00");
});

import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ZListingForm, ZListingReview } from "@domain/marketplace/listing-input";
import type { TViewer } from "@domain/access/roles";
import { makeUser } from "../../tests/support/store-fixtures";
import { makeSeller } from "../../tests/support/marketplace-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { uploadsRoot } from "../users/avatar-files";
import { env } from "../env";
import { countPendingApprovals } from "./count-pending-approvals";
import { getListingDetails } from "./get-listing-details";
import { getMarketplaceListing } from "./get-marketplace-listing";
import { listListingReviewQueue } from "./list-listing-review-queue";
import { listListingUrls, listMarketplaceListings } from "./list-marketplace-listings";
import { reviewListing } from "./review-listing";
import { saveListing } from "./save-listing";
import { marketplaceDesignFiles, marketplaceListingPhotos, marketplaceListings, sellers } from "./schema";
import { setListingVisibility } from "./set-listing-visibility";

// Listings: a seller's form, photos and files checked by content, staff review, what buyers see, and the
// marketplace's filters (docs/product/marketplace.md#listings).

useTestDatabase();

const photo = async (name = "sofa.jpg", width = 1600, height = 1200) =>
  new File(
    [
      await sharp({ create: { width, height, channels: 3, background: "#b45309" } })
        .jpeg()
        .toBuffer(),
    ],
    name,
    { type: "image/jpeg" },
  );
const pdf = () =>
  new File([Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")], "floor-plan.pdf", { type: "application/pdf" });

const productForm = (over: Record<string, string> = {}) =>
  ZListingForm.parse({
    kind: "product",
    title: "Convertible sofa bed in mahogany",
    description: "Three-seater sofa that opens into a double bed, solid mahogany frame, washable covers.",
    category: "Smart furniture",
    price: "285,000",
    stock: "5",
    leadTimeDays: "7",
    delivery: "both",
    ...over,
  });
const designForm = (over: Record<string, string> = {}) =>
  ZListingForm.parse({
    kind: "design",
    title: "Four-bedroom duplex plan",
    description: "A 220 m² duplex for a 60 x 120 ft plot with a solar-ready roof and a home office.",
    category: "Architecture and floor plans",
    price: "240000",
    ...over,
  });

async function createListing(seller: TViewer, form = productForm(), files: { photos?: File[]; designFiles?: File[] } = {}) {
  const result = await saveListing(seller, {
    listingId: null,
    form,
    photos: files.photos ?? [await photo()],
    designFiles: files.designFiles ?? [],
    removePhotoIds: [],
    removeFileIds: [],
  });
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

const seenNow = async (listingId: number) => (await getListingDetails(listingId))!.updatedAt.toISOString();
const review = async (reviewer: TViewer, listingId: number, decision: "approve" | "reject", note?: string) =>
  reviewListing(reviewer, ZListingReview.parse({ listingId, decision, note, seen: await seenNow(listingId) }));

describe("the listing form", () => {
  it("reads naira as kobo and refuses tampered or impossible prices", () => {
    expect(productForm({ price: "₦285,000.50" }).price).toBe(28_500_050);
    for (const price of ["abc", "-5000", "12.345", "0", "99", "50000001"])
      expect(ZListingForm.safeParse({ ...productForm(), price }).success).toBe(false);
  });

  it("asks a product for stock, lead time and delivery, and ignores them for a design", () => {
    const missing = ZListingForm.safeParse({ ...productForm(), price: "1000", stock: "", leadTimeDays: "0", delivery: "drone" });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((i) => i.path[0])).toEqual(["stock", "leadTimeDays", "delivery"]);
    expect(designForm({ stock: "9", delivery: "both" } as Record<string, string>)).toMatchObject({
      stock: null,
      leadTimeDays: null,
      delivery: null,
    });
  });
});

describe("listings", () => {
  it("waits for review, then is public once staff publish it, with the seller told and the count moving", async () => {
    const seller = await makeSeller();
    const staff = await makeUser("staff", "Kemi Adebayo");
    const before = await countPendingApprovals();
    const created = await createListing(seller, productForm(), { photos: [await photo("sofa.jpg"), await photo("sofa-open.png")] });
    expect(created).toMatchObject({ status: "pending", sentForReview: true });

    // Two web sizes per photo, WebP, at most 1200 px wide.
    const photos = await getDb().select().from(marketplaceListingPhotos).where(eq(marketplaceListingPhotos.listingId, created.listingId));
    expect(photos).toHaveLength(2);
    const large = await sharp(join(uploadsRoot(), "listings", photos[0]!.largePath.split("/").pop()!)).metadata();
    const small = await sharp(join(uploadsRoot(), "listings", photos[0]!.smallPath.split("/").pop()!)).metadata();
    expect([large.format, large.width, small.width]).toEqual(["webp", 1200, 480]);

    expect((await countPendingApprovals()).listingReviews).toBe(before.listingReviews + 1);
    expect((await listListingReviewQueue(new URLSearchParams())).rows.map((r) => r.id)).toContain(created.listingId);
    expect(await getMarketplaceListing(created.slug)).toBeNull();
    expect((await listMarketplaceListings({ seller: seller.slug })).total).toBe(0);

    expect(await review(staff, created.listingId, "approve")).toMatchObject({ ok: true, status: "published" });
    expect((await countPendingApprovals()).listingReviews).toBe(before.listingReviews);
    expect(await getMarketplaceListing(created.slug)).toMatchObject({
      title: "Convertible sofa bed in mahogany",
      priceKobo: 28_500_000,
      stock: 5,
    });
    expect((await listMarketplaceListings({ seller: seller.slug })).items.map((i) => i.slug)).toEqual([created.slug]);
    expect((await listListingUrls()).map((u) => u.slug)).toContain(created.slug);
    const mail = await getDb().select().from(outbox).where(eq(outbox.recipient, seller.email));
    expect(mail.map((m) => m.kind)).toEqual(["listing_published"]);
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceType, "marketplace_listing"), eq(auditLog.resourceId, String(created.listingId))));
    expect(audit.map((a) => a.action).sort()).toEqual(["marketplace.listing.approve", "marketplace.listing.create"]);

    // Decided once: a second decision is refused.
    const again = await reviewListing(
      staff,
      ZListingReview.parse({
        listingId: created.listingId,
        decision: "reject",
        note: "Too late to reject this one.",
        seen: new Date().toISOString(),
      }),
    );
    expect(!again.ok && again.error.status).toBe(409);
  });

  it("refuses a rejection without a reason, and tells the seller the reason", async () => {
    const seller = await makeSeller();
    const staff = await makeUser("staff");
    const { listingId } = await createListing(seller);
    expect(ZListingReview.safeParse({ listingId, decision: "reject", note: "bad", seen: new Date().toISOString() }).success).toBe(false);
    expect(await review(staff, listingId, "reject", "The photos show a different sofa from the description.")).toMatchObject({
      ok: true,
      status: "rejected",
    });
    expect(await getListingDetails(listingId)).toMatchObject({
      status: "rejected",
      reviewNote: "The photos show a different sofa from the description.",
    });
    expect((await getDb().select().from(outbox).where(eq(outbox.recipient, seller.email))).map((m) => m.kind)).toEqual([
      "listing_rejected",
    ]);
  });

  it("does not let a reviewer decide on a version they have not seen", async () => {
    const seller = await makeSeller();
    const staff = await makeUser("staff");
    const { listingId } = await createListing(seller);
    const seen = await seenNow(listingId);
    await new Promise((r) => setTimeout(r, 5));
    await saveListing(seller, {
      listingId,
      form: productForm({ price: "1" + "000" }),
      photos: [],
      designFiles: [],
      removePhotoIds: [],
      removeFileIds: [],
    });
    const stale = await reviewListing(staff, ZListingReview.parse({ listingId, decision: "approve", seen }));
    expect(!stale.ok && stale.error.message).toMatch(/changed this listing after you opened it/);
    expect((await getListingDetails(listingId))!.status).toBe("pending");
  });

  it("refuses a disguised or oversized photo and stores nothing", async () => {
    const seller = await makeSeller();
    const disguised = new File([Buffer.from("MZ\x90\x00 this is a program, not a photo")], "sofa.jpg", { type: "image/jpeg" });
    const result = await saveListing(seller, {
      listingId: null,
      form: productForm(),
      photos: [await photo(), disguised],
      designFiles: [],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!result.ok && result.error).toMatchObject({
      status: 400,
      field: "photos",
      message: "sofa.jpg is not a photo: upload JPEG, PNG or WebP images",
    });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.jpg");
    const big = await saveListing(seller, {
      listingId: null,
      form: productForm(),
      photos: [huge],
      designFiles: [],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!big.ok && big.error.message).toMatch(/5 MB or smaller/);
    const none = await saveListing(seller, {
      listingId: null,
      form: productForm(),
      photos: [],
      designFiles: [],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!none.ok && none.error.message).toBe("Add at least one photo");
    const rows = await getDb().select().from(marketplaceListings).where(eq(marketplaceListings.sellerId, seller.sellerId));
    expect(rows).toHaveLength(0);
  });

  it("lets only sellers list, architects list designs with their files kept private", async () => {
    const customer = await makeUser("customer");
    const notSeller = await saveListing(customer, {
      listingId: null,
      form: productForm(),
      photos: [await photo()],
      designFiles: [],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!notSeller.ok && notSeller.error.status).toBe(403);
    const maker = await makeSeller("seller");
    const makerDesign = await saveListing(maker, {
      listingId: null,
      form: designForm(),
      photos: [await photo()],
      designFiles: [pdf()],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!makerDesign.ok && makerDesign.error.status).toBe(403);

    const architect = await makeSeller("architect", "Zainab Bello");
    const noFiles = await saveListing(architect, {
      listingId: null,
      form: designForm(),
      photos: [await photo()],
      designFiles: [],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!noFiles.ok && noFiles.error).toMatchObject({ field: "designFiles" });
    const fake = new File([Buffer.from("just text pretending")], "plan.pdf");
    const bad = await saveListing(architect, {
      listingId: null,
      form: designForm(),
      photos: [await photo()],
      designFiles: [fake],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!bad.ok && bad.error.message).toMatch(/upload plans as PDF, PNG, JPEG or a ZIP/);

    const design = await createListing(architect, designForm(), { designFiles: [pdf()] });
    const [file] = await getDb().select().from(marketplaceDesignFiles).where(eq(marketplaceDesignFiles.listingId, design.listingId));
    expect(file).toMatchObject({ fileName: "floor-plan.pdf", fileType: "pdf" });
    expect(existsSync(join(env.DATA_DIR, "marketplace", "designs", file!.storedName))).toBe(true);
    expect(existsSync(join(uploadsRoot(), file!.storedName))).toBe(false);
  });

  it("keeps one seller's listings out of another's hands", async () => {
    const owner = await makeSeller();
    const other = await makeSeller("seller", "Tunde Bakare");
    const { listingId } = await createListing(owner);
    const edit = await saveListing(other, {
      listingId,
      form: productForm({ price: "1000" }),
      photos: [],
      designFiles: [],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!edit.ok && edit.error.status).toBe(404);
    const hide = await setListingVisibility(other, { listingId, intent: "unpublish" });
    expect(!hide.ok && hide.error.status).toBe(404);
    expect(await getListingDetails(listingId, other.sellerId)).toBeNull();
    expect(await getListingDetails(listingId)).toMatchObject({ priceKobo: 28_500_000, status: "pending" });
  });

  it("sends a published listing back to review for a new price or photos, not for stock", async () => {
    const seller = await makeSeller();
    const staff = await makeUser("staff");
    const { listingId, slug } = await createListing(seller);
    await review(staff, listingId, "approve");
    const edit = (form: ReturnType<typeof productForm>, photos: File[] = [], removePhotoIds: number[] = []) =>
      saveListing(seller, { listingId, form, photos, designFiles: [], removePhotoIds, removeFileIds: [] });

    expect(await edit(productForm({ stock: "2", title: "Convertible sofa bed in mahogany, olive covers" }))).toMatchObject({
      ok: true,
      status: "published",
      sentForReview: false,
    });
    expect(await getMarketplaceListing(slug)).toMatchObject({ stock: 2 });

    expect(await edit(productForm({ price: "299,000" }))).toMatchObject({ ok: true, status: "pending", sentForReview: true });
    expect(await getMarketplaceListing(slug)).toBeNull();
    await review(staff, listingId, "approve");

    const [first] = await getDb().select().from(marketplaceListingPhotos).where(eq(marketplaceListingPhotos.listingId, listingId));
    const onlyPhoto = await edit(productForm({ price: "299,000" }), [], [first!.id]);
    expect(!onlyPhoto.ok && onlyPhoto.error.message).toBe("Add at least one photo");
    expect(await edit(productForm({ price: "299,000" }), [await photo("new.jpg")], [first!.id])).toMatchObject({
      ok: true,
      status: "pending",
    });
    const left = await getDb().select().from(marketplaceListingPhotos).where(eq(marketplaceListingPhotos.listingId, listingId));
    expect(left.map((p) => p.id)).not.toContain(first!.id);
    expect(existsSync(join(uploadsRoot(), "listings", first!.largePath.split("/").pop()!))).toBe(false);
  });

  it("lets the seller unpublish and send back, and hides a suspended seller's listings", async () => {
    const seller = await makeSeller();
    const staff = await makeUser("staff");
    const { listingId, slug } = await createListing(seller);
    await review(staff, listingId, "approve");
    expect(await setListingVisibility(seller, { listingId, intent: "unpublish" })).toMatchObject({ ok: true, status: "unpublished" });
    expect(await getMarketplaceListing(slug)).toBeNull();
    const twice = await setListingVisibility(seller, { listingId, intent: "unpublish" });
    expect(!twice.ok && twice.error.status).toBe(409);
    expect(await setListingVisibility(seller, { listingId, intent: "resubmit" })).toMatchObject({ ok: true, status: "pending" });
    await review(staff, listingId, "approve");
    expect(await getMarketplaceListing(slug)).not.toBeNull();

    await getDb()
      .update(sellers)
      .set({ status: "suspended", suspendedReason: "Buyers reported pieces never delivered." })
      .where(eq(sellers.id, seller.sellerId));
    expect(await getMarketplaceListing(slug)).toBeNull();
    expect((await listMarketplaceListings({ seller: seller.slug })).total).toBe(0);
    expect((await listListingUrls()).map((u) => u.slug)).not.toContain(slug);
    const blocked = await saveListing(seller, {
      listingId,
      form: productForm(),
      photos: [],
      designFiles: [],
      removePhotoIds: [],
      removeFileIds: [],
    });
    expect(!blocked.ok && blocked.error.status).toBe(403);
  });
});

describe("the marketplace's catalogue", () => {
  it("filters by words, category, kind, seller and price, sorts and pages", async () => {
    const maker = await makeSeller("seller", "Chiamaka Obi");
    const architect = await makeSeller("architect", "Ibrahim Sani");
    const staff = await makeUser("staff");
    const publish = async (seller: TViewer, form: ReturnType<typeof productForm>, designFiles: File[] = []) => {
      const { listingId, slug } = await createListing(seller, form, { designFiles });
      await review(staff, listingId, "approve");
      return slug;
    };
    const tag = `zq${Math.random().toString(36).slice(2, 8)}`;
    const lamp = await publish(maker, productForm({ title: `Rattan floor lamp ${tag}`, category: "Lighting", price: "45,000" }));
    const desk = await publish(maker, productForm({ title: `Folding wall desk ${tag}`, price: "120,000" }));
    const plan = await publish(architect, designForm({ title: `Bungalow plan ${tag}`, price: "90,000" }), [pdf()]);

    const slugs = async (params: Record<string, string>) =>
      (await listMarketplaceListings(new URLSearchParams({ q: tag, ...params }))).items.map((i) => i.slug);
    expect(await slugs({})).toEqual([plan, desk, lamp]);
    expect(await slugs({ sort: "price-asc" })).toEqual([lamp, plan, desk]);
    expect(await slugs({ sort: "price-desc" })).toEqual([desk, plan, lamp]);
    expect(await slugs({ category: "Lighting" })).toEqual([lamp]);
    expect(await slugs({ kind: "design" })).toEqual([plan]);
    expect(await slugs({ seller: maker.slug })).toEqual([desk, lamp]);
    expect(await slugs({ min: "50000", max: "100,000" })).toEqual([plan]);
    // A mistyped address still shows the marketplace: bad values fall back to their defaults.
    expect(await slugs({ category: "Spaceships", sort: "cheapest", min: "lots", page: "-3" })).toEqual([plan, desk, lamp]);
    const page2 = await listMarketplaceListings(new URLSearchParams({ q: tag, page: "99" }));
    expect([page2.page, page2.pageCount]).toEqual([1, 1]);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TViewer } from "@domain/access/roles";
import { ZHideReview, ZReview, ZReviewReply } from "@domain/marketplace/review-input";
import { reviewerName } from "@domain/marketplace/reviews";
import { ZFulfilPart } from "@domain/marketplace/sub-order-input";
import { checkoutFor, createCustomer, makeUser, placeOrderOrFail } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { fulfilSubOrder } from "../orders/fulfil-sub-order";
import { markOrderPaid } from "../orders/mark-order-paid";
import { subOrders } from "../orders/schema";
import { hideReview } from "./hide-review";
import { listBuyerReviews, listListingReviews, listSellerReviews, sellerRatings } from "./list-reviews";
import { replyToReview } from "./reply-to-review";
import { marketplaceListings, sellers } from "./schema";
import { sellerResponseHours } from "./seller-response-time";
import { writeReview } from "./write-review";

// Reviews (docs/product/marketplace.md#reviews): only the buyer of a delivered part, once; the seller answers once;
// staff hide with a reason; buyers never see hidden ones.

useTestDatabase();

async function sale() {
  const owner = await makeUser("customer", "Musa Danjuma");
  const [store] = await getDb()
    .insert(sellers)
    .values({
      userId: owner.id,
      slug: `store-${randomUUID().slice(0, 8)}`,
      kind: "seller",
      displayName: "Musa Crafted Furniture",
      bio: "Hand-built furniture for small flats, finished with local hardwood from Kaduna.",
      category: "Smart furniture",
      phone: "+2348031112233",
      pickupState: "Kaduna",
      pickupLga: "Kaduna North",
      bankCode: "058",
      accountNumber: "0123456781",
      accountName: "MUSA DANJUMA",
      accountVerified: true,
    })
    .returning();
  const seller: TViewer & { sellerId: string } = { ...owner, capabilities: ["seller"], sellerId: store!.id };
  const [listing] = await getDb()
    .insert(marketplaceListings)
    .values({
      sellerId: store!.id,
      slug: `desk-${randomUUID().slice(0, 8)}`,
      kind: "product",
      title: "Foldaway study desk in iroko",
      description: "A wall-mounted desk that folds flat, solid iroko, for small rooms in Lagos flats.",
      category: "Smart furniture",
      priceKobo: 14_200_000,
      stock: 5,
      leadTimeDays: 5,
      delivery: "delivery",
      status: "published",
      publishedAt: new Date(),
    })
    .returning();
  const customer = await createCustomer("Chiamaka Obi");
  const buyer: TViewer = {
    id: customer.userId,
    name: customer.name,
    email: customer.email,
    role: "customer",
    capabilities: [],
    image: null,
  };
  const { order } = await placeOrderOrFail({
    customer,
    checkout: checkoutFor(customer.name),
    lines: [{ kind: "listing", listingId: listing!.id, quantity: 1 }],
  });
  await getDb().transaction((tx) =>
    markOrderPaid(tx, {
      orderId: order.id,
      actorLabel: "Tunde Bakare",
      payment: { method: "bank_transfer", reference: "GTB-1", amountKobo: order.totalKobo },
    }),
  );
  const [part] = await getDb().select().from(subOrders).where(eq(subOrders.orderId, order.id));
  const review = (over: Record<string, string> = {}) =>
    ZReview.parse({
      subOrderId: String(part!.id),
      listingId: String(listing!.id),
      rating: "4",
      body: "Sturdy desk, arrived well wrapped.",
      ...over,
    });
  return { seller, buyer, listing: listing!, part: part!, review };
}

describe("reviews", () => {
  it("lets only the buyer of a delivered part review, once; the seller answers once; staff hide with a reason", async () => {
    const { seller, buyer, listing, part, review } = await sale();
    expect(ZReview.safeParse({ subOrderId: "1", listingId: "1", rating: "6", body: "Fine" }).error?.issues.map((i) => i.message)).toEqual([
      "Choose from 1 to 5 stars",
      "Tell other buyers how it went, in at least 10 characters",
    ]);
    // Not delivered yet.
    expect(await writeReview(buyer, review())).toMatchObject({ ok: false, error: { status: 409 } });
    for (const step of ["accept", "ship", "deliver"] as const)
      await fulfilSubOrder(seller, ZFulfilPart.parse({ subOrderId: String(part.id), step, trackingNote: "Our van, driver Sule" }));
    expect((await listBuyerReviews(buyer.id)).toWrite.map((t) => t.title)).toEqual(["Foldaway study desk in iroko"]);
    // Somebody who did not buy it, or a listing not in the part.
    const stranger = await makeUser("customer", "Kemi Adeyemi");
    expect(await writeReview(stranger, review())).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await writeReview(buyer, review({ listingId: String(listing.id + 1000) }))).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await writeReview(buyer, review())).toMatchObject({ ok: true });
    expect(await writeReview(buyer, review({ rating: "1" }))).toMatchObject({
      ok: false,
      error: { status: 409, message: "You have already reviewed this purchase." },
    });
    expect((await listBuyerReviews(buyer.id)).toWrite).toEqual([]);

    let shown = await listListingReviews(listing.id);
    expect(shown.rating).toEqual({ average: 4, count: 1 });
    expect(shown.reviews[0]).toMatchObject({ buyerName: "Chiamaka O.", rating: 4, reply: null });
    expect((await sellerRatings([seller.sellerId])).get(seller.sellerId)).toEqual({ average: 4, count: 1 });

    const id = String(shown.reviews[0]!.id);
    const other = await makeUser("customer", "Aisha Bello");
    expect(await replyToReview(other, ZReviewReply.parse({ reviewId: id, reply: "Thanks" }))).toMatchObject({
      ok: false,
      error: { status: 403 },
    });
    expect(await replyToReview(seller, ZReviewReply.parse({ reviewId: id, reply: "Thank you, Chiamaka!" }))).toMatchObject({ ok: true });
    expect(await replyToReview(seller, ZReviewReply.parse({ reviewId: id, reply: "Again" }))).toMatchObject({
      ok: false,
      error: { status: 409 },
    });

    const staff = await makeUser("staff", "Tunde Bakare");
    expect(ZHideReview.safeParse({ reviewId: id, reason: "rude" }).success).toBe(false);
    expect(await hideReview(staff, ZHideReview.parse({ reviewId: id, reason: "Shares the seller's home address" }))).toMatchObject({
      ok: true,
    });
    expect(await hideReview(staff, ZHideReview.parse({ reviewId: id, reason: "Shares the seller's home address" }))).toMatchObject({
      ok: false,
      error: { status: 409 },
    });
    shown = await listListingReviews(listing.id);
    expect(shown).toEqual({ reviews: [], rating: null });
    expect((await listSellerReviews(seller.sellerId))[0]).toMatchObject({
      hiddenReason: "Shares the seller's home address",
      reply: "Thank you, Chiamaka!",
    });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.resourceId, id));
    expect(audit).toMatchObject({ action: "marketplace.review.hide", actorId: staff.id });
    // Accepted straight after payment: within the hour.
    expect(await sellerResponseHours(seller.sellerId)).toBeLessThan(1);
  });

  it("names a reviewer by first name and initial", () => {
    expect(reviewerName("Chiamaka Obi")).toBe("Chiamaka O.");
    expect(reviewerName("  Tunde  ")).toBe("Tunde");
    expect(reviewerName("Aisha Bello Musa")).toBe("Aisha M.");
  });
});

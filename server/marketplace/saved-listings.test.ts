import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZSavedListing } from "@domain/marketplace/saved-listing-input";
import { MAX_SAVED_LISTINGS } from "@domain/marketplace/listings";
import { listProduct, makeSeller } from "../../tests/support/marketplace-fixtures";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { isListingSaved, listSavedListings } from "./list-saved-listings";
import { saveListingForLater } from "./save-listing-for-later";
import { marketplaceListings, marketplaceSavedListings, sellers } from "./schema";

// Saved listings (docs/product/marketplace.md#saved-listings).

useTestDatabase();

const input = (intent: "save" | "unsave", listingId: number) => ZSavedListing.parse({ intent, listingId: String(listingId) });

describe("saved listings", () => {
  it("saves a listing on sale once, lists it, keeps it by title when it leaves the market, and removes it", async () => {
    const buyer = await makeUser("customer", "Hauwa Garba");
    const musa = await makeSeller("seller", "Musa Danjuma");
    const desk = await listProduct(musa, { priceKobo: 8_500_000, stock: 2 });
    const bed = await listProduct(musa, { priceKobo: 32_000_000, stock: 1 });

    expect(await saveListingForLater(buyer, input("save", desk.id))).toMatchObject({ ok: true, saved: true });
    expect(await saveListingForLater(buyer, input("save", desk.id))).toMatchObject({ ok: true, saved: true });
    expect(await saveListingForLater(buyer, input("save", bed.id))).toMatchObject({ ok: true });
    expect(await isListingSaved(buyer.id, desk.id)).toBe(true);
    let saved = await listSavedListings(buyer.id);
    expect(saved.map((s) => s.listingId)).toEqual([bed.id, desk.id]);
    expect(saved[1]).toMatchObject({
      onSale: true,
      card: { title: desk.title, priceKobo: 8_500_000, seller: { displayName: "Musa Danjuma Studio" } },
    });

    // Unpublished: still on the list by title, and it cannot be saved anew.
    await getDb().update(marketplaceListings).set({ status: "unpublished" }).where(eq(marketplaceListings.id, bed.id));
    saved = await listSavedListings(buyer.id);
    expect(saved[0]).toEqual({ listingId: bed.id, savedAt: expect.any(String), onSale: false, title: bed.title });
    const other = await makeUser("customer", "Tobi Adebayo");
    expect(await saveListingForLater(other, input("save", bed.id))).toMatchObject({ ok: false, error: { status: 404 } });
    // A suspended store's listings are not on sale either.
    await getDb().update(sellers).set({ status: "suspended" }).where(eq(sellers.id, musa.sellerId));
    expect(await saveListingForLater(other, input("save", desk.id))).toMatchObject({ ok: false, error: { status: 404 } });
    expect((await listSavedListings(buyer.id)).every((s) => !s.onSale)).toBe(true);

    expect(await saveListingForLater(buyer, input("unsave", bed.id))).toMatchObject({ ok: true, saved: false });
    expect(await saveListingForLater(buyer, input("unsave", bed.id))).toMatchObject({ ok: true, saved: false });
    expect((await listSavedListings(buyer.id)).map((s) => s.listingId)).toEqual([desk.id]);
    expect(await listSavedListings(other.id)).toEqual([]);
    expect(ZSavedListing.safeParse({ intent: "save", listingId: "desk" }).success).toBe(false);
  });

  it(`keeps at most ${MAX_SAVED_LISTINGS} saved`, async () => {
    const buyer = await makeUser("customer", "Chiamaka Obi");
    const seller = await makeSeller("seller", "Ngozi Eze");
    const listings = [];
    for (let i = 0; i <= MAX_SAVED_LISTINGS; i++) listings.push(await listProduct(seller, { priceKobo: 1_000_000 + i, stock: 1 }));
    await getDb()
      .insert(marketplaceSavedListings)
      .values(listings.slice(0, MAX_SAVED_LISTINGS).map((l) => ({ userId: buyer.id, listingId: l.id })));
    const last = listings.at(-1)!;
    expect(await saveListingForLater(buyer, input("save", last.id))).toMatchObject({ ok: false, error: { status: 409 } });
    expect(await isListingSaved(buyer.id, last.id)).toBe(false);
  });
});

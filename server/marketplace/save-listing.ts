import { randomBytes } from "node:crypto";
import { and, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { slugify } from "@domain/text/slug";
import { refuse, succeed, type TFailure, type TResult } from "@domain/errors/app-error";
import type { TListingForm } from "@domain/marketplace/listing-input";
import { listingKindsFor, MAX_DESIGN_FILES, MAX_LISTING_PHOTOS, type TListingStatus } from "@domain/marketplace/listings";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { findSellerOf } from "./find-seller-of";
import {
  removeDesignFiles,
  removeListingPhotoFiles,
  storeDesignFile,
  storeListingPhoto,
  type TStoredDesignFile,
  type TStoredPhoto,
} from "./listing-media";
import { marketplaceDesignFiles, marketplaceListingPhotos, marketplaceListings } from "./schema";

export type TSaveListingInput = {
  /** null for a new listing. */
  listingId: number | null;
  form: TListingForm;
  photos: File[];
  designFiles: File[];
  removePhotoIds: number[];
  removeFileIds: number[];
};

export type TSavedListing = { listingId: number; slug: string; status: TListingStatus; sentForReview: boolean };

const newSlug = (title: string) => `${slugify(title).slice(0, 60)}-${randomBytes(3).toString("hex")}`;

/** A seller refused for what they are, before anything is read or stored. */
function sellerRefusal(seller: Awaited<ReturnType<typeof findSellerOf>>): TFailure | null {
  if (!seller) return refuse("forbidden", "Only approved marketplace sellers can list. Apply to sell first.");
  if (seller.status === "suspended")
    return refuse("forbidden", "Your store is suspended: listings cannot be added or changed until it is restored.");
  return null;
}

/**
 * A seller creates or edits a listing (docs/product/marketplace.md#listings). A new listing waits for staff review; an
 * edit of a published listing's price, photos or files sends it back to review, and editing a rejected listing sends
 * it again. Photos and files are checked and stored before the transaction and removed again if it refuses.
 */
export async function saveListing(viewer: TViewer, input: TSaveListingInput): Promise<TResult<TSavedListing>> {
  const seller = await findSellerOf(viewer.id);
  const refused = sellerRefusal(seller);
  if (refused) return refused;
  const { form } = input;
  const newPhotos = input.photos.filter((f) => f.size > 0);
  const newFiles = form.kind === "design" ? input.designFiles.filter((f) => f.size > 0) : [];

  const db = getDb();
  // Counts first, so nothing is stored for a form that cannot be saved.
  let keptPhotos = 0;
  let keptFiles = 0;
  if (input.listingId !== null) {
    const [listing] = await db
      .select({ sellerId: marketplaceListings.sellerId, kind: marketplaceListings.kind })
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, input.listingId));
    if (!listing || listing.sellerId !== seller!.id) return refuse("not_found", "That listing does not exist.");
    if (listing.kind !== form.kind)
      return refuse("invalid_input", "A listing's kind cannot change: create a new listing instead.", { field: "kind" });
    const [[photos], [files]] = await Promise.all([
      db
        .select({ n: count() })
        .from(marketplaceListingPhotos)
        .where(
          and(
            eq(marketplaceListingPhotos.listingId, input.listingId),
            input.removePhotoIds.length ? notInArray(marketplaceListingPhotos.id, input.removePhotoIds) : undefined,
          ),
        ),
      db
        .select({ n: count() })
        .from(marketplaceDesignFiles)
        .where(
          and(
            eq(marketplaceDesignFiles.listingId, input.listingId),
            input.removeFileIds.length ? notInArray(marketplaceDesignFiles.id, input.removeFileIds) : undefined,
          ),
        ),
    ]);
    keptPhotos = photos?.n ?? 0;
    keptFiles = files?.n ?? 0;
  }
  // After the ownership check: someone else's listing is "not found", whatever the form says.
  if (!listingKindsFor(seller!.kind).includes(form.kind))
    return refuse("forbidden", "Designs to download are sold by architects and designers. List a product instead.", { field: "kind" });
  const what = form.kind === "design" ? "preview image" : "photo";
  if (keptPhotos + newPhotos.length === 0) return refuse("invalid_input", `Add at least one ${what}`, { field: "photos" });
  if (keptPhotos + newPhotos.length > MAX_LISTING_PHOTOS)
    return refuse("invalid_input", `A listing has at most ${MAX_LISTING_PHOTOS} ${what}s`, { field: "photos" });
  if (form.kind === "design" && keptFiles + newFiles.length === 0)
    return refuse("invalid_input", "Add the design's files: buyers download them after paying", { field: "designFiles" });
  if (keptFiles + newFiles.length > MAX_DESIGN_FILES)
    return refuse("invalid_input", `A design has at most ${MAX_DESIGN_FILES} files`, { field: "designFiles" });

  const storedPhotos: TStoredPhoto[] = [];
  const storedFiles: TStoredDesignFile[] = [];
  const discardStored = async () => {
    await removeListingPhotoFiles(storedPhotos);
    await removeDesignFiles(storedFiles);
  };
  for (const file of newPhotos) {
    const stored = await storeListingPhoto(file);
    if (!stored.ok) return discardStored().then(() => stored);
    storedPhotos.push(stored.photo);
  }
  for (const file of newFiles) {
    const stored = await storeDesignFile(file);
    if (!stored.ok) return discardStored().then(() => stored);
    storedFiles.push(stored.file);
  }

  const fields = {
    title: form.title,
    description: form.description,
    category: form.category,
    priceKobo: form.price,
    stock: form.stock,
    leadTimeDays: form.leadTimeDays,
    delivery: form.delivery,
  };
  const outcome = await db.transaction(async (tx) => {
    const now = new Date();
    let listingId: number;
    let slug: string;
    let status: TListingStatus = "pending";
    let sentForReview = true;
    let wasPublished = false;
    let removedPhotos: Pick<TStoredPhoto, "smallPath" | "largePath">[] = [];
    let removedFiles: Pick<TStoredDesignFile, "storedName">[] = [];
    if (input.listingId === null) {
      slug = newSlug(form.title);
      const [created] = await tx
        .insert(marketplaceListings)
        .values({ ...fields, sellerId: seller!.id, kind: form.kind, slug, status, submittedAt: now })
        .returning({ id: marketplaceListings.id });
      listingId = created!.id;
      await recordAudit(tx, {
        actorId: viewer.id,
        action: "marketplace.listing.create",
        resourceType: "marketplace_listing",
        resourceId: String(listingId),
        newData: { ...fields, kind: form.kind },
      });
    } else {
      const [before] = await tx.select().from(marketplaceListings).where(eq(marketplaceListings.id, input.listingId)).for("update");
      if (!before || before.sellerId !== seller!.id) return refuse("not_found", "That listing does not exist.");
      listingId = before.id;
      slug = before.slug;
      wasPublished = before.status === "published";
      const filesChanged = storedPhotos.length + storedFiles.length + input.removePhotoIds.length + input.removeFileIds.length > 0;
      const priceChanged = before.priceKobo !== form.price;
      const previous = before.status as TListingStatus;
      status = previous === "rejected" || (previous === "published" && (priceChanged || filesChanged)) ? "pending" : previous;
      sentForReview = status === "pending" && previous !== "pending";
      await tx
        .update(marketplaceListings)
        .set({ ...fields, status, updatedAt: now, ...(sentForReview ? { submittedAt: now, reviewNote: null } : {}) })
        .where(eq(marketplaceListings.id, listingId));
      if (input.removePhotoIds.length)
        removedPhotos = await tx
          .delete(marketplaceListingPhotos)
          .where(and(eq(marketplaceListingPhotos.listingId, listingId), inArray(marketplaceListingPhotos.id, input.removePhotoIds)))
          .returning({ smallPath: marketplaceListingPhotos.smallPath, largePath: marketplaceListingPhotos.largePath });
      if (input.removeFileIds.length)
        removedFiles = await tx
          .delete(marketplaceDesignFiles)
          .where(and(eq(marketplaceDesignFiles.listingId, listingId), inArray(marketplaceDesignFiles.id, input.removeFileIds)))
          .returning({ storedName: marketplaceDesignFiles.storedName });
      await recordAudit(tx, {
        actorId: viewer.id,
        action: "marketplace.listing.update",
        resourceType: "marketplace_listing",
        resourceId: String(listingId),
        oldData: { status: previous, priceKobo: before.priceKobo, title: before.title, stock: before.stock },
        newData: {
          ...fields,
          status,
          photosAdded: storedPhotos.length,
          photosRemoved: removedPhotos.length,
          filesAdded: storedFiles.length,
          filesRemoved: removedFiles.length,
        },
      });
    }
    if (storedPhotos.length) {
      const [last] = await tx
        .select({ next: sql<number>`coalesce(max(${marketplaceListingPhotos.position}), -1)::int + 1` })
        .from(marketplaceListingPhotos)
        .where(eq(marketplaceListingPhotos.listingId, listingId));
      const start = Number(last?.next ?? 0);
      await tx.insert(marketplaceListingPhotos).values(storedPhotos.map((p, i) => ({ ...p, listingId, position: start + i })));
    }
    if (storedFiles.length) await tx.insert(marketplaceDesignFiles).values(storedFiles.map((f) => ({ ...f, listingId })));
    return succeed({ listingId, slug, status, sentForReview, wasPublished, removedPhotos, removedFiles });
  });
  if (!outcome.ok) {
    await discardStored();
    return outcome;
  }
  await removeListingPhotoFiles(outcome.removedPhotos);
  await removeDesignFiles(outcome.removedFiles);
  if (outcome.wasPublished || outcome.status === "published") bumpContentVersion();
  return succeed({ listingId: outcome.listingId, slug: outcome.slug, status: outcome.status, sentForReview: outcome.sentForReview });
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { DOWNLOAD_LINK_MINUTES } from "@domain/marketplace/listings";
import { getDb } from "../db/client";
import { authSecret } from "../env";
import { readDesignFile } from "./listing-media";
import { marketplaceDesignFiles, marketplaceDownloadGrants, marketplaceListings } from "./schema";

// A buyer's design downloads (docs/product/marketplace.md#downloads): links signed for one person, one grant and one
// file, valid for a few minutes; each download counts against the purchase's allowance.

type TLink = { grantId: number; fileId: number; userId: string; expires: number };

const sign = (payload: string) => createHmac("sha256", authSecret()).update(`design-download:${payload}`).digest("base64url");

export function signDownloadLink(link: Omit<TLink, "expires">, now = new Date()): string {
  const payload = Buffer.from(JSON.stringify({ ...link, expires: Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_MINUTES * 60 })).toString(
    "base64url",
  );
  return `/marketplace/downloads/${payload}.${sign(payload)}`;
}

function readLink(token: string): TLink | null {
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const link = JSON.parse(Buffer.from(payload, "base64url").toString()) as TLink;
    return Number.isInteger(link.grantId) && Number.isInteger(link.fileId) && typeof link.userId === "string" ? link : null;
  } catch {
    return null;
  }
}

export type TMyDownload = {
  grantId: number;
  title: string;
  slug: string;
  used: number;
  max: number;
  revoked: boolean;
  files: { id: number; name: string; bytes: number; href: string | null }[];
};

/** The designs a person bought, with fresh signed links while downloads remain. */
export async function listMyDownloads(userId: string, now = new Date()): Promise<TMyDownload[]> {
  const db = getDb();
  const grants = await db
    .select({
      id: marketplaceDownloadGrants.id,
      listingId: marketplaceDownloadGrants.listingId,
      used: marketplaceDownloadGrants.downloadsUsed,
      max: marketplaceDownloadGrants.maxDownloads,
      revokedAt: marketplaceDownloadGrants.revokedAt,
      title: marketplaceListings.title,
      slug: marketplaceListings.slug,
    })
    .from(marketplaceDownloadGrants)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceDownloadGrants.listingId))
    .where(eq(marketplaceDownloadGrants.userId, userId))
    .orderBy(desc(marketplaceDownloadGrants.createdAt), desc(marketplaceDownloadGrants.id));
  if (grants.length === 0) return [];
  const files = await db
    .select({
      id: marketplaceDesignFiles.id,
      listingId: marketplaceDesignFiles.listingId,
      name: marketplaceDesignFiles.fileName,
      bytes: marketplaceDesignFiles.bytes,
    })
    .from(marketplaceDesignFiles)
    .where(
      inArray(
        marketplaceDesignFiles.listingId,
        grants.map((g) => g.listingId),
      ),
    )
    .orderBy(asc(marketplaceDesignFiles.id));
  return grants.map((g) => {
    const open = !g.revokedAt && g.used < g.max;
    return {
      grantId: g.id,
      title: g.title,
      slug: g.slug,
      used: g.used,
      max: g.max,
      revoked: g.revokedAt !== null,
      files: files
        .filter((f) => f.listingId === g.listingId)
        .map((f) => ({
          id: f.id,
          name: f.name,
          bytes: f.bytes,
          href: open ? signDownloadLink({ grantId: g.id, fileId: f.id, userId }, now) : null,
        })),
    };
  });
}

const FILE_TYPES: Record<string, string> = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", zip: "application/zip" };

/**
 * Opens a signed link for the signed-in person: the signature, the expiry, the person, the purchase (not refunded) and
 * the allowance are all checked; the download is counted only when the file is there to send.
 */
export async function openDesignDownload(
  userId: string,
  token: string,
  now = new Date(),
): Promise<TResult<{ fileName: string; contentType: string; bytes: Uint8Array<ArrayBuffer> }>> {
  const link = readLink(token);
  if (!link) return refuse("not_found", "This download link is not valid.");
  if (link.userId !== userId) return refuse("forbidden", "This download belongs to another account. Sign in as the buyer to download it.");
  if (link.expires * 1000 < now.getTime())
    return refuse("conflict", "This download link has expired. Open your marketplace dashboard for a fresh one.");
  return getDb().transaction(async (tx) => {
    const [file] = await tx
      .select({
        name: marketplaceDesignFiles.fileName,
        storedName: marketplaceDesignFiles.storedName,
        type: marketplaceDesignFiles.fileType,
      })
      .from(marketplaceDesignFiles)
      .innerJoin(marketplaceDownloadGrants, eq(marketplaceDownloadGrants.listingId, marketplaceDesignFiles.listingId))
      .where(
        and(
          eq(marketplaceDesignFiles.id, link.fileId),
          eq(marketplaceDownloadGrants.id, link.grantId),
          eq(marketplaceDownloadGrants.userId, userId),
        ),
      );
    if (!file) return refuse("not_found", "This file is not part of your purchase.");
    const counted = await tx
      .update(marketplaceDownloadGrants)
      .set({ downloadsUsed: sql`${marketplaceDownloadGrants.downloadsUsed} + 1` })
      .where(
        and(
          eq(marketplaceDownloadGrants.id, link.grantId),
          sql`${marketplaceDownloadGrants.revokedAt} is null`,
          lt(marketplaceDownloadGrants.downloadsUsed, marketplaceDownloadGrants.maxDownloads),
        ),
      )
      .returning({ used: marketplaceDownloadGrants.downloadsUsed });
    if (counted.length === 0)
      return refuse("conflict", "No downloads are left on this purchase (used up, or refunded). Contact us if you need the files again.");
    const bytes = await readDesignFile(file.storedName);
    if (!bytes) throw new Error(`design file missing: ${file.storedName}`);
    return succeed({ fileName: file.name, contentType: FILE_TYPES[file.type] ?? "application/octet-stream", bytes });
  });
}

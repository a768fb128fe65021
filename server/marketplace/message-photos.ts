import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { succeed, type TResult } from "@domain/errors/app-error";
import { sniffFileType } from "@domain/files/file-type";
import { env } from "../env";
import { uploadsRoot } from "../users/avatar-files";
import { encodePhoto, PHOTO_PATH, removeListingPhotoFiles, type TStoredPhoto } from "./listing-media";

// Photos sent with messages between a buyer and a seller (docs/product/marketplace.md#messages): encoded like listing
// photos, but kept under DATA_DIR/marketplace/messages, which no static route serves. They are only ever sent by the
// photo route, to the two people of the conversation (find-message-photo.ts).

const privateRoot = () => resolve(env.DATA_DIR, "marketplace");
/** A stored message photo, relative to the private marketplace folder. */
const STORED = /^messages\/[0-9a-f-]{36}-(?:480|1200)\.webp$/;

/** The address a message photo is shown at: the route that checks who is asking. */
export const messagePhotoUrl = (messageId: number, size: "small" | "large") => `/marketplace/messages/${messageId}/photo/${size}`;

/** Checks a photo by content, re-encodes it and stores its two sizes privately. Nothing is stored when it is refused. */
export async function storeMessagePhoto(file: File): Promise<TResult<{ photo: TStoredPhoto }>> {
  const encoded = await encodePhoto(file, "photo");
  if (!encoded.ok) return encoded;
  const { small, large, width, height } = encoded.encoded;
  const id = randomUUID();
  await mkdir(join(privateRoot(), "messages"), { recursive: true });
  const smallPath = `messages/${id}-480.webp`;
  const largePath = `messages/${id}-1200.webp`;
  await writeFile(join(privateRoot(), smallPath), small);
  await writeFile(join(privateRoot(), largePath), large);
  return succeed({ photo: { smallPath, largePath, width, height } });
}

/** A stored message photo's bytes and type, checked by content; null if the path is not one we wrote or the file is gone. */
export async function readMessagePhoto(path: string): Promise<{ bytes: Buffer; contentType: "image/webp" } | null> {
  if (!STORED.test(path)) return null;
  const bytes = await readFile(join(privateRoot(), path)).catch(() => null);
  if (!bytes || sniffFileType(bytes) !== "webp") return null;
  return { bytes, contentType: "image/webp" };
}

/** Removes message photos we stored (and any still in the public folder from before they were kept private). */
export async function removeMessagePhotoFiles(photos: readonly Pick<TStoredPhoto, "smallPath" | "largePath">[]) {
  for (const p of photos)
    for (const path of [p.smallPath, p.largePath]) if (STORED.test(path)) await rm(join(privateRoot(), path), { force: true });
  await removeListingPhotoFiles(photos);
}

/**
 * Moves one photo stored before message photos were private (/uploads/listings/<id>-480.webp, served to anyone) into
 * the private folder; answers its new stored path, or null when the path is not such a photo. Safe to repeat: a
 * file already moved (by another process) is left where it is.
 */
export async function moveOldMessagePhotoFile(publicPath: string): Promise<string | null> {
  const m = PHOTO_PATH.exec(publicPath);
  if (!m) return null;
  await mkdir(join(privateRoot(), "messages"), { recursive: true });
  const stored = `messages/${m[1]}`;
  await rename(join(uploadsRoot(), "listings", m[1]!), join(privateRoot(), stored)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  return stored;
}

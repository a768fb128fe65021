import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { sniffFileType, zipEntryNames } from "@domain/files/file-type";
import { MAX_DESIGN_FILE_BYTES, MAX_LISTING_PHOTO_BYTES } from "@domain/marketplace/listings";
import { env } from "../env";
import { uploadsRoot } from "../users/avatar-files";

// Listing photos and design files on disk (docs/product/marketplace.md#photos-and-files). Photos are re-encoded
// (which also drops their metadata, GPS included) into two web sizes under DATA_DIR/uploads/listings, served to
// anyone; design files are kept as sent under DATA_DIR/marketplace/designs, which nothing serves. Photos sent with
// messages are encoded the same way but kept private (message-photos.ts).

const PHOTO_WIDTHS = { small: 480, large: 1200 } as const;
/** A photo larger than this many pixels (say 8,000 x 5,000) is refused before it is decoded. */
const MAX_PHOTO_PIXELS = 40_000_000;
const designsRoot = () => resolve(env.DATA_DIR, "marketplace", "designs");
export const PHOTO_PATH = /^\/uploads\/listings\/([0-9a-f-]{36}-(?:480|1200)\.webp)$/;
const DESIGN_NAME = /^[0-9a-f-]{36}\.(pdf|png|jpg|zip)$/;

export type TStoredPhoto = { smallPath: string; largePath: string; width: number; height: number };
export type TStoredDesignFile = { fileName: string; storedName: string; fileType: string; bytes: number };

export type TEncodedPhoto = { small: Buffer; large: Buffer; width: number; height: number };

/**
 * Reads a photo, checks it by content and re-encodes it into its two web sizes (WebP, metadata dropped), without
 * storing anything: listing photos and message photos are stored in different places.
 */
export async function encodePhoto(file: File, field: string): Promise<TResult<{ encoded: TEncodedPhoto }>> {
  if (file.size > MAX_LISTING_PHOTO_BYTES) return refuse("invalid_input", `${file.name}: a photo must be 5 MB or smaller`, { field });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffFileType(bytes);
  if (kind !== "png" && kind !== "jpg" && kind !== "webp")
    return refuse("invalid_input", `${file.name} is not a photo: upload JPEG, PNG or WebP images`, { field });
  try {
    const source = () => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate();
    const large = await source()
      .resize({ width: PHOTO_WIDTHS.large, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer({ resolveWithObject: true });
    const small = await source().resize({ width: PHOTO_WIDTHS.small, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
    return succeed({ encoded: { small, large: large.data, width: large.info.width, height: large.info.height } });
  } catch {
    return refuse("invalid_input", `${file.name} could not be read as an image (damaged, or over 40 megapixels)`, { field });
  }
}

/** Reads a photo, checks it by content and stores its two web sizes. Nothing is stored when it is refused. */
export async function storeListingPhoto(file: File): Promise<TResult<{ photo: TStoredPhoto }>> {
  const encoded = await encodePhoto(file, "photos");
  if (!encoded.ok) return encoded;
  const outputs = encoded.encoded;
  const id = randomUUID();
  const dir = join(uploadsRoot(), "listings");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${id}-480.webp`), outputs.small);
  await writeFile(join(dir, `${id}-1200.webp`), outputs.large);
  return succeed({
    photo: {
      smallPath: `/uploads/listings/${id}-480.webp`,
      largePath: `/uploads/listings/${id}-1200.webp`,
      width: outputs.width,
      height: outputs.height,
    },
  });
}

/** A file name safe to keep and to send back later: no folders, quotes or control characters, at most 120 characters. */
function cleanFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  const cleaned = base.length > 120 ? base.slice(base.length - 120) : base;
  return cleaned || `design.${extension}`;
}

/** A design file: PDF, PNG, JPEG or ZIP by its content, at most 20 MB. */
export async function storeDesignFile(file: File): Promise<TResult<{ file: TStoredDesignFile }>> {
  const field = { field: "designFiles" };
  if (file.size > MAX_DESIGN_FILE_BYTES) return refuse("invalid_input", `${file.name}: a design file must be 20 MB or smaller`, field);
  if (file.size === 0) return refuse("invalid_input", `${file.name} is empty`, field);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffFileType(bytes);
  if (kind !== "pdf" && kind !== "png" && kind !== "jpg" && kind !== "zip")
    return refuse("invalid_input", `${file.name}: upload plans as PDF, PNG, JPEG or a ZIP of them`, field);
  if (kind === "zip" && !zipEntryNames(bytes)) return refuse("invalid_input", `${file.name}: this ZIP file is damaged`, field);
  const storedName = `${randomUUID()}.${kind}`;
  await mkdir(designsRoot(), { recursive: true });
  await writeFile(join(designsRoot(), storedName), bytes);
  return succeed({ file: { fileName: cleanFileName(file.name, kind), storedName, fileType: kind, bytes: bytes.length } });
}

/** Removes photo files we stored (seeded photos under /images are left alone). */
export async function removeListingPhotoFiles(photos: readonly Pick<TStoredPhoto, "smallPath" | "largePath">[]) {
  for (const p of photos)
    for (const path of [p.smallPath, p.largePath]) {
      const m = PHOTO_PATH.exec(path);
      if (m) await rm(join(uploadsRoot(), "listings", m[1]!), { force: true });
    }
}

export async function removeDesignFiles(files: readonly Pick<TStoredDesignFile, "storedName">[]) {
  for (const f of files) if (DESIGN_NAME.test(f.storedName)) await rm(join(designsRoot(), f.storedName), { force: true });
}

/** A design file's bytes, for a buyer's download; null when the stored name is not one of ours or the file is gone. */
export async function readDesignFile(storedName: string): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!DESIGN_NAME.test(storedName)) return null;
  try {
    return new Uint8Array(await readFile(join(designsRoot(), storedName)));
  } catch {
    return null;
  }
}

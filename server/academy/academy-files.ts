import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { MAX_RESOURCE_BYTES, MAX_VIDEO_BYTES } from "@domain/academy/course-authoring";
import { env } from "../env";

// Lesson videos and resources on disk under DATA_DIR/academy (never public/): the database stores the path
// relative to DATA_DIR ("academy/videos/<file>"), and the site serves them through an access-checked route.

export type TFileKind = { ext: string; contentType: string; label: string };

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

/** MP4 (ISO base media: "ftyp" box first) or WebM (EBML header with the webm doc type), by the first bytes. */
export function sniffVideo(bytes: Uint8Array): TFileKind | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") return { ext: "mp4", contentType: "video/mp4", label: "MP4" };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3 && ascii(bytes, 0, 64).includes("webm")) {
    return { ext: "webm", contentType: "video/webm", label: "WebM" };
  }
  return null;
}

/** PDF, PNG, JPEG, DOCX, XLSX or ZIP, by content (a DOCX or XLSX is a ZIP holding word/ or xl/ parts). */
export function sniffResource(bytes: Uint8Array): TFileKind | null {
  if (ascii(bytes, 0, 5) === "%PDF-") return { ext: "pdf", contentType: "application/pdf", label: "PDF" };
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG") return { ext: "png", contentType: "image/png", label: "PNG" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: "jpg", contentType: "image/jpeg", label: "JPEG" };
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    const names = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
    if (names.includes("[Content_Types].xml") && names.includes("word/")) {
      return {
        ext: "docx",
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        label: "Word document",
      };
    }
    if (names.includes("[Content_Types].xml") && names.includes("xl/")) {
      return { ext: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", label: "Excel workbook" };
    }
    return { ext: "zip", contentType: "application/zip", label: "ZIP" };
  }
  return null;
}

export type TStoredFile = { path: string; contentType: string; bytes: number };

const LIMITS = {
  videos: {
    max: MAX_VIDEO_BYTES,
    sniff: sniffVideo,
    refused: "Upload an MP4 or WebM video",
    tooBig: "The video must be 200 MB or smaller",
  },
  resources: {
    max: MAX_RESOURCE_BYTES,
    sniff: sniffResource,
    refused: "Upload a PDF, PNG, JPEG, ZIP, Word (DOCX) or Excel (XLSX) file",
    tooBig: "The file must be 25 MB or smaller",
  },
} as const;

/** Checks an upload by its content and size and stores it; the answer is its relative path, or why not. */
export async function storeAcademyFile(folder: keyof typeof LIMITS, file: File): Promise<TStoredFile | { error: string }> {
  const rule = LIMITS[folder];
  if (file.size === 0) return { error: "Choose a file to upload" };
  if (file.size > rule.max) return { error: rule.tooBig };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = rule.sniff(bytes);
  if (!kind) return { error: rule.refused };
  const dir = resolve(env.DATA_DIR, "academy", folder);
  await mkdir(dir, { recursive: true });
  const name = `${Date.now().toString(36)}-${randomBytes(8).toString("hex")}.${kind.ext}`;
  await writeFile(join(dir, name), bytes);
  return { path: `academy/${folder}/${name}`, contentType: kind.contentType, bytes: bytes.byteLength };
}

/** Removes a file we stored under DATA_DIR/academy (seed paths like /videos/... are left alone). */
export async function removeAcademyFile(path: string | null | undefined) {
  const m = path ? /^academy\/(videos|resources)\/([\w-]+\.[a-z0-9]+)$/.exec(path) : null;
  if (m) await rm(resolve(env.DATA_DIR, "academy", m[1]!, m[2]!), { force: true });
}

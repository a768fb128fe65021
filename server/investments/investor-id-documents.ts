import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { sniffFileType, type TSniffedType } from "@domain/files/file-type";
import { env } from "../env";

// Investors' ID documents (docs/product/investments.md#applications): checked by content, kept under
// DATA_DIR/investments/ids, which no static route serves. Only staff read them, through a route that checks the role.

export const MAX_ID_DOCUMENT_BYTES = 5 * 1024 * 1024;
export type TIdDocumentType = Extract<TSniffedType, "pdf" | "png" | "jpg" | "webp">;
const ACCEPTED: readonly TSniffedType[] = ["pdf", "png", "jpg", "webp"];
export const ID_DOCUMENT_CONTENT_TYPE: Record<TIdDocumentType, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};
/** A stored name we wrote: a random id and the type's extension, nothing a request can steer. */
const STORED = /^[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/;
const folder = () => resolve(env.DATA_DIR, "investments", "ids");

/** Checks an ID document by its bytes and stores it privately; nothing is stored when it is refused. */
export async function storeIdDocument(file: File | null): Promise<TResult<{ path: string; type: TIdDocumentType }>> {
  if (!file) return refuse("invalid_input", "Add a photo or scan of your ID", { field: "idDocument" });
  if (file.size > MAX_ID_DOCUMENT_BYTES) return refuse("invalid_input", "The ID document must be 5 MB or smaller", { field: "idDocument" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffFileType(bytes);
  if (!type || !ACCEPTED.includes(type))
    return refuse("invalid_input", "The ID document must be a photo (JPEG, PNG or WebP) or a PDF", { field: "idDocument" });
  const path = `${randomUUID()}.${type}`;
  await mkdir(folder(), { recursive: true });
  await writeFile(join(folder(), path), bytes);
  return succeed({ path, type: type as TIdDocumentType });
}

/** A stored ID document's bytes, checked again by content; null when the name is not one we wrote or the file is gone. */
export async function readIdDocument(path: string): Promise<{ bytes: Buffer; type: TIdDocumentType } | null> {
  if (!STORED.test(path)) return null;
  const bytes = await readFile(join(folder(), path)).catch(() => null);
  const type = bytes && sniffFileType(bytes);
  if (!bytes || !type || !ACCEPTED.includes(type)) return null;
  return { bytes, type: type as TIdDocumentType };
}

/** Removes a stored ID document (an application refused before it was saved, or a person forgotten). */
export async function removeIdDocument(path: string) {
  if (STORED.test(path)) await rm(join(folder(), path), { force: true });
}

import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { MAX_SUBMISSION_BYTES, SUBMISSION_FILE_KINDS, type TSubmissionFileKind } from "@domain/academy/academy";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { sniffFileType, zipEntryNames } from "@domain/files/file-type";
import { env } from "../env";

// Assignment files on disk, under DATA_DIR/academy/submissions: outside public/ and outside DATA_DIR/uploads (which
// server/main.ts serves to anyone). They are only ever sent by the download route, to their student and staff.

const academyFilesRoot = () => resolve(env.DATA_DIR, "academy");
const STORED_PATH = /^submissions\/[0-9a-f-]{36}\.(pdf|png|jpg|webp|docx|zip)$/;
const ACCEPTED = "Upload a PDF, PNG, JPEG, WebP, DOCX or ZIP file";

export type TCheckedFile = { kind: TSubmissionFileKind; bytes: Uint8Array; name: string; contentType: string };

/** A file name safe to store and to send back: no folders, quotes or control characters, at most 120 characters. */
function cleanFileName(name: string, kind: TSubmissionFileKind): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  const cleaned = base.length > 120 ? base.slice(base.length - 120) : base;
  return cleaned || `submission.${SUBMISSION_FILE_KINDS[kind].extensions[0]}`;
}

/**
 * Checks an uploaded file by its content (docs/product/academy.md#assignments): the kind comes from its first
 * bytes, a DOCX must be a ZIP holding word/document.xml, and the name's extension must agree with the content.
 */
export async function checkSubmissionFile(file: File): Promise<TResult<TCheckedFile>> {
  if (file.size > MAX_SUBMISSION_BYTES) return refuse("invalid_input", "The file must be 10 MB or smaller", { field: "file" });
  if (file.size === 0) return refuse("invalid_input", "The file is empty", { field: "file" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffFileType(bytes);
  if (!sniffed) return refuse("invalid_input", `${ACCEPTED}: this file is none of those`, { field: "file" });
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  let kind: TSubmissionFileKind = sniffed;
  if (sniffed === "zip") {
    const names = zipEntryNames(bytes);
    if (!names) return refuse("invalid_input", "This ZIP file is damaged: make it again and upload it", { field: "file" });
    if (names.includes("word/document.xml")) kind = "docx";
    else if (extension === "docx") return refuse("invalid_input", "This .docx file is not a Word document", { field: "file" });
  }
  const allowed: readonly string[] = SUBMISSION_FILE_KINDS[kind].extensions;
  if (!allowed.includes(extension))
    return refuse(
      "invalid_input",
      `This file is a ${SUBMISSION_FILE_KINDS[kind].label} but its name ends in “.${extension}”: rename it and try again`,
      {
        field: "file",
      },
    );
  return succeed({ kind, bytes, name: cleanFileName(file.name, kind), contentType: SUBMISSION_FILE_KINDS[kind].contentType });
}

/** Writes a checked file under a random name; returns its stored path (relative to the academy's folder). */
export async function storeSubmissionFile(file: TCheckedFile): Promise<string> {
  const dir = join(academyFilesRoot(), "submissions");
  await mkdir(dir, { recursive: true });
  const path = `submissions/${randomUUID()}.${file.kind}`;
  await writeFile(join(academyFilesRoot(), path), file.bytes);
  return path;
}

/** A stored file's bytes, or null if the path is not one we wrote or the file is gone. */
export async function readSubmissionFile(path: string): Promise<Buffer | null> {
  if (!STORED_PATH.test(path)) return null;
  return readFile(join(academyFilesRoot(), path)).catch(() => null);
}

/** Removes a stored file (a replaced submission's, or one whose submission was refused). */
export async function removeSubmissionFile(path: string | null | undefined) {
  if (path && STORED_PATH.test(path)) await rm(join(academyFilesRoot(), path), { force: true });
}

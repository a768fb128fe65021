import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { sniffFileType } from "@domain/files/file-type";
import { env } from "../env";

// Profile photos on disk, under DATA_DIR/uploads/avatars, served at /uploads/avatars/ (server/main.ts).

const MAX_AVATAR_BYTES = 1_000_000;

/** Recognises the image by its first bytes, not by the name or type the browser claims. */
function imageExtension(bytes: Uint8Array): "png" | "jpg" | "webp" | null {
  const kind = sniffFileType(bytes);
  return kind === "png" || kind === "jpg" || kind === "webp" ? kind : null;
}

export const uploadsRoot = () => resolve(env.DATA_DIR, "uploads");

/** Saves an avatar and returns its public path, or an error message. */
export async function saveAvatar(userId: string, file: File): Promise<{ path: string } | { error: string }> {
  if (file.size > MAX_AVATAR_BYTES) return { error: "The photo must be 1 MB or smaller" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = imageExtension(bytes);
  if (!ext) return { error: "Upload a PNG, JPEG or WebP photo" };
  const dir = join(uploadsRoot(), "avatars");
  await mkdir(dir, { recursive: true });
  const name = `${userId}-${Date.now()}.${ext}`;
  await writeFile(join(dir, name), bytes);
  return { path: `/uploads/avatars/${name}` };
}

/** Removes an avatar file we stored (never anything outside uploads/avatars). */
export async function removeAvatar(path: string | null | undefined) {
  const match = path ? /^\/uploads\/avatars\/([\w-]+\.(?:png|jpg|webp))$/.exec(path) : null;
  if (match) await rm(join(uploadsRoot(), "avatars", match[1]!), { force: true });
}

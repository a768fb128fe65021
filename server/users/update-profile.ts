import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { ZProfile } from "@domain/auth/auth-input";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { env } from "../env";

const MAX_AVATAR_BYTES = 1_000_000;

/** Recognises the image by its first bytes, not by the name or type the browser claims. */
function imageExtension(bytes: Uint8Array): "png" | "jpg" | "webp" | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (String.fromCharCode(...bytes.slice(0, 4)) === "RIFF" && String.fromCharCode(...bytes.slice(8, 12)) === "WEBP") return "webp";
  return null;
}

export const uploadsRoot = () => resolve(env.DATA_DIR, "uploads");

/** Saves an avatar under DATA_DIR/uploads/avatars and returns its public path, or an error message. */
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
async function removeAvatar(path: string | null | undefined) {
  const match = path ? /^\/uploads\/avatars\/([\w-]+\.(?:png|jpg|webp))$/.exec(path) : null;
  if (match) await rm(join(uploadsRoot(), "avatars", match[1]!), { force: true });
}

/** Name, phone and avatar for everyone; department only for staff and admins. A replaced photo is deleted. */
export async function updateProfile(userId: string, role: string, input: z.output<typeof ZProfile>, avatarPath?: string) {
  const [before] = await getDb().select({ image: users.image }).from(users).where(eq(users.id, userId));
  try {
    await writeProfile(userId, role, input, avatarPath);
  } catch (error) {
    await removeAvatar(avatarPath);
    throw error;
  }
  if (avatarPath && before?.image !== avatarPath) await removeAvatar(before?.image);
}

async function writeProfile(userId: string, role: string, input: z.output<typeof ZProfile>, avatarPath?: string) {
  await getDb()
    .update(users)
    .set({
      name: input.name,
      phone: input.phone,
      ...(role !== "customer" && input.department !== undefined ? { department: input.department || null } : {}),
      ...(avatarPath ? { image: avatarPath } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function getProfile(userId: string) {
  const [row] = await getDb()
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      department: users.department,
      image: users.image,
      role: users.role,
      points: users.points,
      twoFactorEnabled: users.twoFactorEnabled,
      staffCode: users.staffCode,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

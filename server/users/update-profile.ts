import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { ZProfile } from "@domain/auth/auth-input";
import { users } from "../auth/schema";
import { setUserProfileFields } from "../auth/set-user-profile-fields";
import { getDb } from "../db/client";
import { removeAvatar } from "./avatar-files";

/** Name, phone and avatar for everyone; department only for staff and admins. A replaced photo is deleted. */
export async function updateProfile(userId: string, role: string, input: z.output<typeof ZProfile>, avatarPath?: string) {
  const [before] = await getDb().select({ image: users.image }).from(users).where(eq(users.id, userId));
  try {
    await setUserProfileFields(getDb(), userId, {
      name: input.name,
      phone: input.phone,
      ...(role !== "customer" && input.department !== undefined ? { department: input.department || null } : {}),
      ...(avatarPath ? { image: avatarPath } : {}),
    });
  } catch (error) {
    await removeAvatar(avatarPath);
    throw error;
  }
  if (avatarPath && before?.image !== avatarPath) await removeAvatar(before?.image);
}

import { eq } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";

/** What the account page shows of the signed-in user. */
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

import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { ZSignUp } from "~/lib/auth-forms";
import { getDb } from "../db/client";
import { staffCodes } from "../users/schema";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { registrationContext } from "./registration-context";

export type TRegisterResult = { ok: true; userId: string } | { ok: false; field?: string; message: string };

/**
 * Creates a customer or staff account. A staff code is claimed atomically first (single use), and released
 * again if the account cannot be created; the account row carries role, phone and staff fields from the start.
 */
export async function registerUser(input: z.output<typeof ZSignUp>): Promise<TRegisterResult> {
  const db = getDb();
  let claimed: { id: number; department: string } | undefined;
  if (input.role === "staff") {
    [claimed] = await db
      .update(staffCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(staffCodes.code, input.staffCode!.toUpperCase()), isNull(staffCodes.usedAt), isNull(staffCodes.revokedAt)))
      .returning({ id: staffCodes.id, department: staffCodes.department });
    if (!claimed) return { ok: false, field: "staffCode", message: "That staff code is not valid. Ask an administrator for a new one." };
  }

  try {
    const result = await registrationContext.run(
      {
        role: input.role,
        phone: input.phone,
        staffCode: claimed ? input.staffCode!.toUpperCase() : null,
        department: claimed?.department ?? null,
        newsletterOptIn: input.agreedToNewsletter,
      },
      () => getAuth().api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password, callbackURL: "/auth/callback" } }),
    );
    if (claimed) await db.update(staffCodes).set({ usedBy: result.user.id }).where(eq(staffCodes.id, claimed.id));
    return { ok: true, userId: result.user.id };
  } catch (error) {
    if (claimed) await db.update(staffCodes).set({ usedAt: null }).where(eq(staffCodes.id, claimed.id));
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "USER_ALREADY_EXISTS" || auth.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL")
      return { ok: false, field: "email", message: "An account with this e-mail already exists. Sign in or reset your password." };
    if (auth.code === "PASSWORD_TOO_SHORT") return { ok: false, field: "password", message: "Password must be at least 6 characters" };
    return { ok: false, message: auth.message || "Registration failed. Please try again." };
  }
}

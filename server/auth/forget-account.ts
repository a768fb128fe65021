import { eq, or, sql } from "drizzle-orm";
import { ERASED_NAME, type TForgotten, type TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { removeAvatar } from "../users/avatar-files";
import {
  accounts,
  passwordResetAudit,
  rateLimits,
  sessions,
  twoFactorPhones,
  twoFactors,
  twoFactorSmsCodes,
  users,
  verifications,
} from "./schema";

/**
 * The account's part of a deletion (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data): the row stays,
 * because orders and audit entries point at it, but it no longer says who it was and can never sign in again. Sessions,
 * the password, two-factor keys and phones, pending links, reset requests and sign-in counters go; the photo file goes after commit.
 */
export async function forgetAccount(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const [before] = await tx.select({ image: users.image }).from(users).where(eq(users.id, p.userId)).for("update");
  if (!before) return { rows: 0 };
  const email = p.email.trim().toLowerCase();
  // One after another: a transaction is one connection, which runs one statement at a time (pg 9 refuses overlapping ones).
  // Drizzle runs a statement when it is awaited, so the loop below sends them in order.
  const statements = [
    tx.delete(sessions).where(eq(sessions.userId, p.userId)).returning({ id: sessions.id }),
    tx.delete(accounts).where(eq(accounts.userId, p.userId)).returning({ id: accounts.id }),
    tx.delete(twoFactors).where(eq(twoFactors.userId, p.userId)).returning({ id: twoFactors.id }),
    tx.delete(twoFactorSmsCodes).where(eq(twoFactorSmsCodes.userId, p.userId)).returning({ id: twoFactorSmsCodes.id }),
    tx.delete(twoFactorPhones).where(eq(twoFactorPhones.userId, p.userId)).returning({ id: twoFactorPhones.id }),
    // Reset links keep the user id as their value; confirmation links are signed tokens, not rows.
    tx
      .delete(verifications)
      .where(or(eq(verifications.value, p.userId), sql`strpos(lower(${verifications.identifier}), ${email}) > 0`))
      .returning({ id: verifications.id }),
    tx
      .delete(passwordResetAudit)
      .where(sql`lower(${passwordResetAudit.email}) = ${email}`)
      .returning({ id: passwordResetAudit.id }),
    tx
      .delete(rateLimits)
      .where(
        or(
          sql`right(${rateLimits.key}, ${email.length + 5}) = ${`acct:${email}`}`,
          eq(rateLimits.key, `second-factor:acct:${p.userId.toLowerCase()}`),
        ),
      )
      .returning({ key: rateLimits.key }),
  ];
  const counts = [];
  for (const statement of statements) counts.push(await statement);
  await tx
    .update(users)
    .set({
      name: ERASED_NAME,
      email: p.erasedEmail,
      emailVerified: false,
      image: null,
      role: "customer",
      staffCode: null,
      department: null,
      phone: null,
      points: 0,
      newsletterOptIn: false,
      twoFactorEnabled: false,
      updatedAt: new Date(),
    })
    .where(eq(users.id, p.userId));
  const photo = before.image;
  return { rows: 1 + counts.reduce((n, rows) => n + rows.length, 0), afterCommit: photo ? () => removeAvatar(photo) : undefined };
}

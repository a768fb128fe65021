import { sql } from "drizzle-orm";
import { consumeFormSubmission, RateLimitedError } from "../../auth/rate-limits";
import { getDb } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { enqueueEmail } from "../../messaging/enqueue-email";
import { confirmSubscriptionEmail } from "../../messaging/newsletter-emails";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { newsletterSubscribers } from "../schema";
import { confirmUrlFor, hashToken, newConfirmToken, unsubscribeTokenFor } from "./newsletter-tokens";

/**
 * Double opt-in (NDPA 2023): the address gets a confirmation link and receives nothing else until it is used.
 * The answer is the same whether or not the address is already subscribed, so the form reveals nobody's list membership.
 */
export async function subscribeToNewsletter(input: {
  email: string;
  interests: string[];
  ip: string;
  userId?: string | null;
  source?: string;
}): Promise<TResult> {
  try {
    await consumeFormSubmission("newsletter", input.email, input.ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const token = newConfirmToken();
  try {
    await writeSubscription(input, token);
  } catch (e) {
    // Two requests for a new address at once: the other one created the row and sent the link.
    if (isUniqueViolation(e)) return succeed();
    throw e;
  }
  return succeed();
}

async function writeSubscription(
  input: { email: string; interests: string[]; ip: string; userId?: string | null; source?: string },
  token: string,
) {
  await getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${input.email}`)
      .for("update");
    if (existing?.status === "active") return;
    const pending = {
      status: "pending",
      preferences: input.interests,
      confirmTokenHash: hashToken(token),
      confirmSentAt: new Date(),
      consentIp: input.ip,
      unsubscribedAt: null,
    };
    if (existing) {
      await tx
        .update(newsletterSubscribers)
        .set(pending)
        .where(sql`${newsletterSubscribers.id} = ${existing.id}`);
    } else {
      await tx.insert(newsletterSubscribers).values({
        ...pending,
        email: input.email,
        source: input.source ?? "footer",
        userId: input.userId ?? null,
        unsubscribeTokenHash: hashToken(unsubscribeTokenFor(input.email)),
      });
    }
    await enqueueEmail(tx, "newsletter-confirm", { email: input.email }, confirmSubscriptionEmail(confirmUrlFor(token)));
  });
}

import { and, count, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TConsultationRequest } from "@domain/marketplace/consultation-input";
import { MAX_PENDING_CONSULTATIONS } from "@domain/marketplace/consultations";
import { formatKobo } from "@domain/money/money";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { consultationRequestedEmail } from "../messaging/marketplace-emails";
import { notifyUser } from "../notifications/notify-user";
import { consultationRequests, sellers } from "./schema";

/**
 * A signed-in buyer asks an architect's studio for a consultation (docs/product/marketplace.md#consultations): only
 * active architect stores take them, never from their own owner, and at most MAX_PENDING_CONSULTATIONS waiting per
 * buyer and studio. The architect is told in the app and by e-mail.
 */
export async function requestConsultation(
  buyer: TViewer,
  storeSlug: string,
  input: TConsultationRequest,
): Promise<TResult<{ studio: string }>> {
  return getDb().transaction(async (tx) => {
    const [studio] = await tx
      .select({
        id: sellers.id,
        userId: sellers.userId,
        kind: sellers.kind,
        status: sellers.status,
        displayName: sellers.displayName,
        ownerName: users.name,
        ownerEmail: users.email,
      })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(sellers.slug, storeSlug))
      .for("update", { of: sellers });
    if (!studio || studio.status !== "active") return refuse("not_found", "That store does not exist.");
    if (studio.kind !== "architect") return refuse("invalid_input", "This store sells products and does not take consultations.");
    if (studio.userId === buyer.id) return refuse("forbidden", "This is your own studio.");
    const [waiting] = await tx
      .select({ n: count() })
      .from(consultationRequests)
      .where(
        and(
          eq(consultationRequests.sellerId, studio.id),
          eq(consultationRequests.userId, buyer.id),
          eq(consultationRequests.status, "pending"),
        ),
      );
    if ((waiting?.n ?? 0) >= MAX_PENDING_CONSULTATIONS)
      return refuse("conflict", `${studio.displayName} has not answered your last requests yet. You will hear by e-mail.`);
    await tx.insert(consultationRequests).values({
      sellerId: studio.id,
      userId: buyer.id,
      brief: input.brief,
      budgetKobo: input.budget,
      state: input.state,
      city: input.city,
    });
    const place = `${input.city}, ${input.state}`;
    await enqueueEmail(
      tx,
      "consultation_requested",
      { email: studio.ownerEmail, name: studio.ownerName },
      consultationRequestedEmail(
        {
          studio: studio.displayName,
          architectName: studio.ownerName,
          buyerName: buyer.name,
          brief: input.brief,
          budget: formatKobo(input.budget),
          place,
        },
        publicUrl(),
      ),
    );
    await notifyUser(tx, {
      userId: studio.userId,
      type: "other",
      title: `Consultation request from ${buyer.name}`,
      message: `${place}, budget ${formatKobo(input.budget)}`,
      link: "/architect/dashboard#consultations",
    });
    return succeed({ studio: studio.displayName });
  });
}

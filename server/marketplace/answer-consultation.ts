import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TConsultationDecision } from "@domain/marketplace/consultation-input";
import type { TConsultationStatus } from "@domain/marketplace/consultations";
import { formatKobo } from "@domain/money/money";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { consultationAnsweredEmail } from "../messaging/marketplace-emails";
import { notifyUser } from "../notifications/notify-user";
import { findSellerOf } from "./find-seller-of";
import { consultationRequests } from "./schema";

/**
 * The architect accepts or declines a consultation request with a message for the buyer
 * (docs/product/marketplace.md#consultations): their own studio's requests only, once.
 */
export async function answerConsultation(
  architect: TViewer,
  input: TConsultationDecision,
): Promise<TResult<{ buyerName: string; status: TConsultationStatus }>> {
  const studio = await findSellerOf(architect.id);
  if (!studio || studio.kind !== "architect") return refuse("forbidden", "Only architects and designers answer consultation requests.");
  return getDb().transaction(async (tx) => {
    const [request] = await tx.select().from(consultationRequests).where(eq(consultationRequests.id, input.requestId)).for("update");
    if (!request || request.sellerId !== studio.id) return refuse("not_found", "That request does not exist.");
    if (request.status !== "pending") return refuse("conflict", "This request has already been answered.");
    const status: TConsultationStatus = input.decision === "accept" ? "accepted" : "declined";
    await tx
      .update(consultationRequests)
      .set({ status, reply: input.reply!, decidedAt: new Date() })
      .where(eq(consultationRequests.id, request.id));
    const [buyer] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, request.userId));
    if (buyer) {
      await enqueueEmail(
        tx,
        "consultation_answered",
        buyer,
        consultationAnsweredEmail(
          {
            studio: studio.displayName,
            buyerName: buyer.name,
            brief: request.brief,
            budget: formatKobo(request.budgetKobo),
            place: `${request.city}, ${request.state}`,
            accepted: status === "accepted",
            reply: input.reply!,
            storeSlug: studio.slug,
          },
          publicUrl(),
        ),
      );
      await notifyUser(tx, {
        userId: request.userId,
        type: "other",
        title:
          status === "accepted"
            ? `${studio.displayName} accepted your consultation request`
            : `${studio.displayName} declined your consultation request`,
        message: input.reply!,
        link: `/marketplace/sellers/${studio.slug}`,
      });
    }
    return succeed({ buyerName: buyer?.name ?? "The buyer", status });
  });
}

import { parseThen } from "@domain/errors/app-error";
import { ZConsultationDecision } from "@domain/marketplace/consultation-input";
import { ZListingVisibility } from "@domain/marketplace/listing-input";
import type { TSellerDashboardData } from "@domain/marketplace/listings";
import { answerConsultation } from "@server/marketplace/answer-consultation";
import { findSellerOf } from "@server/marketplace/find-seller-of";
import { listStudioConsultations } from "@server/marketplace/list-consultations";
import { listMyListings } from "@server/marketplace/list-my-listings";
import { setListingVisibility } from "@server/marketplace/set-listing-visibility";
import { ZFulfilPart } from "@domain/marketplace/sub-order-input";
import { ZPayoutRequest } from "@domain/marketplace/payout-input";
import { ZReviewReply } from "@domain/marketplace/review-input";
import { listSellerReviews } from "@server/marketplace/list-reviews";
import { sellerSalesByWeek } from "@server/marketplace/seller-sales";
import { replyToReview } from "@server/marketplace/reply-to-review";
import { formatKobo } from "@domain/money/money";
import { getSellerEarnings } from "@server/marketplace/get-seller-earnings";
import { requestPayout } from "@server/marketplace/request-payout";
import { fulfilSubOrder } from "@server/orders/fulfil-sub-order";
import { listSellerParts } from "@server/marketplace/list-order-parts";
import { requireUser, type Ctx } from "./access.server";
import { actionResponse } from "./action-response.server";
import { oneFile, readFormData, textFields } from "./request-input.server";
import { ZMessage } from "@domain/marketplace/message-input";
import { listMessages } from "@server/marketplace/list-messages";
import { sendMessage } from "@server/marketplace/send-message";

// The seller's and the architect's dashboards share their loader and action (docs/product/marketplace.md#listings).

export async function loadSellerDashboard(context: Ctx, request: Request): Promise<TSellerDashboardData> {
  const viewer = await requireUser(context, request);
  const seller = await findSellerOf(viewer.id);
  if (!seller) return { seller: null, listings: [], consultations: null, parts: [], earnings: null, reviews: [], sales: [] };
  const [listings, consultations, parts, earnings, reviews, sales] = await Promise.all([
    listMyListings(seller.id),
    seller.kind === "architect" ? listStudioConsultations(seller.id) : null,
    listSellerParts(seller.id),
    getSellerEarnings(seller.id),
    listSellerReviews(seller.id),
    sellerSalesByWeek(seller.id),
  ]);
  const messages = await listMessages(
    parts.map((p) => p.id),
    viewer.id,
  );
  return {
    seller: { slug: seller.slug, displayName: seller.displayName, status: seller.status },
    listings: listings.map(({ updatedAt: _u, ...l }) => l),
    consultations,
    parts: parts.map((p) => ({ ...p, messages: messages.get(p.id) ?? [] })),
    earnings,
    reviews,
    sales,
  };
}

/**
 * Unpublish a listing or send it back for review; accept, ship or deliver a part of an order; ask for a payout; for
 * architects, answer a consultation request.
 */
export async function sellerDashboardAction(context: Ctx, request: Request) {
  const viewer = await requireUser(context, request);
  const form = await readFormData(request);
  const fields = textFields(form);
  if (fields.intent === "message") {
    const sent = await parseThen(ZMessage, fields, ["body"], (input) => sendMessage(viewer, input, oneFile(form, "photo")));
    return actionResponse(request, fields, sent, {
      done: (r) => ({ type: "success", title: "Message sent", description: `About ${r.label}. The buyer has been told.` }),
      failedTitle: "Message not sent",
    });
  }
  if (fields.subOrderId !== undefined) {
    const moved = await parseThen(ZFulfilPart, fields, ["trackingNote"], (input) => fulfilSubOrder(viewer, input));
    return actionResponse(request, fields, moved, {
      done: (r) => ({ type: "success", title: `Order ${r.label} ${r.done}`, description: "The buyer has been told." }),
      failedTitle: "Order not updated",
    });
  }
  if (fields.reviewId !== undefined) {
    const answered = await parseThen(ZReviewReply, fields, ["reply"], (input) => replyToReview(viewer, input));
    return actionResponse(request, fields, answered, {
      done: (r) => ({ type: "success", title: "Answer posted", description: `Buyers see it under the review of ${r.title}.` }),
      failedTitle: "Answer not posted",
    });
  }
  if (fields.intent === "payout") {
    const asked = await parseThen(ZPayoutRequest, fields, ["amount"], (input) => requestPayout(viewer, input));
    return actionResponse(request, fields, asked, {
      done: (r) => ({
        type: "success",
        title: "Payout requested",
        description: `${formatKobo(r.amountKobo)} will be sent to your bank account, usually within 2 working days.`,
      }),
      failedTitle: "Payout not requested",
    });
  }
  if (fields.requestId !== undefined) {
    const answered = await parseThen(ZConsultationDecision, fields, ["reply"], (input) => answerConsultation(viewer, input));
    return actionResponse(request, fields, answered, {
      done: (r) => ({
        type: "success",
        title: r.status === "accepted" ? "Consultation accepted" : "Consultation declined",
        description: `${r.buyerName} has been e-mailed your message.`,
      }),
      failedTitle: "Not answered",
    });
  }
  const result = await parseThen(ZListingVisibility, fields, [], (input) => setListingVisibility(viewer, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: r.status === "unpublished" ? "Listing unpublished" : "Sent for review",
      description: r.status === "unpublished" ? `${r.title} is hidden from buyers.` : `${r.title} goes live once our team has checked it.`,
    }),
    failedTitle: "Not changed",
  });
}

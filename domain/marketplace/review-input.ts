import { z } from "zod";
import { requiredText } from "../text/text-input";
import { HIDE_REASON_MIN, REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_REPLY_MAX } from "./reviews";

// The review forms (docs/product/marketplace.md#reviews), server only.

const id = (what: string) =>
  z.coerce
    .number({ error: `Unknown ${what}` })
    .int()
    .positive(`Unknown ${what}`)
    .max(2_147_483_647, `Unknown ${what}`);

export const ZReview = z.object({
  subOrderId: id("purchase"),
  listingId: id("listing"),
  rating: z.coerce
    .number({ error: "Choose from 1 to 5 stars" })
    .int("Choose from 1 to 5 stars")
    .min(1, "Choose from 1 to 5 stars")
    .max(5, "Choose from 1 to 5 stars"),
  body: z
    .string({ error: "Tell other buyers how it went" })
    .trim()
    .min(REVIEW_BODY_MIN, `Tell other buyers how it went, in at least ${REVIEW_BODY_MIN} characters`)
    .max(REVIEW_BODY_MAX, `Keep the review under ${REVIEW_BODY_MAX.toLocaleString("en-NG")} characters`),
});
export type TReview = z.output<typeof ZReview>;

export const ZReviewReply = z.object({
  reviewId: id("review"),
  reply: requiredText(
    2,
    REVIEW_REPLY_MAX,
    "Write your answer",
    `Keep the answer under ${REVIEW_REPLY_MAX.toLocaleString("en-NG")} characters`,
  ),
});
export type TReviewReply = z.output<typeof ZReviewReply>;

export const ZHideReview = z.object({
  reviewId: id("review"),
  reason: z
    .string({ error: "Give the reason" })
    .trim()
    .min(HIDE_REASON_MIN, `Give the reason in at least ${HIDE_REASON_MIN} characters: the seller and the buyer can see it`)
    .max(500, "Keep the reason under 500 characters"),
});
export type THideReview = z.output<typeof ZHideReview>;

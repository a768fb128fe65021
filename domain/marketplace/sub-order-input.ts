import { z } from "zod";
import { PART_STEP_KEYS, TRACKING_NOTE_MAX } from "./sub-orders";

// The seller's fulfilment form on a part of an order (docs/product/marketplace.md#fulfilment), server only.

export const ZFulfilPart = z
  .object({
    subOrderId: z.coerce.number({ error: "Unknown order" }).int().positive("Unknown order").max(2_147_483_647, "Unknown order"),
    step: z.enum(PART_STEP_KEYS, { error: "Choose accept, shipped or delivered" }),
    trackingNote: z.string().trim().max(TRACKING_NOTE_MAX, `Keep the note under ${TRACKING_NOTE_MAX} characters`).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.step === "ship" && (d.trackingNote?.length ?? 0) < 5)
      ctx.addIssue({
        code: "custom",
        path: ["trackingNote"],
        message: "Tell the buyer how it is coming: the courier and tracking number, or the rider's name and phone (at least 5 characters)",
      });
  });
export type TFulfilPart = z.output<typeof ZFulfilPart>;

/** Staff refund of one seller's part (docs/product/marketplace.md#refunds): the reason goes to the buyer and the seller. */
export const ZPartRefund = z.object({
  subOrderId: z.coerce.number({ error: "Unknown order" }).int().positive("Unknown order").max(2_147_483_647, "Unknown order"),
  reason: z.string().trim().max(300, "Keep the reason under 300 characters").optional(),
});

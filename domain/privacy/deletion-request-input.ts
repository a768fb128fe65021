import { z } from "zod";
import { requiredText } from "../text/text-input";
import { DELETION_CONFIRM_WORD } from "./deletion-requests";

// The deletion request's forms (docs/product/privacy-requests.md), server only.

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/** Asking, on /account: the password again, or the typed confirmation for an account without one. */
export const ZAskDeletion = z.object({
  password: z.string().max(128, "That password is too long").optional().default(""),
  confirmWord: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v) => (v ?? "").toUpperCase()),
  forfeitBalance: checkbox,
});
export type TAskDeletion = z.output<typeof ZAskDeletion>;

export const isConfirmWord = (typed: string) => typed === DELETION_CONFIRM_WORD;

const requestId = z.coerce.number({ error: "Unknown request" }).int().positive("Unknown request").max(2_147_483_647, "Unknown request");

export const ZDeletionRequestId = z.object({ requestId });

export const ZCompleteDeletion = z.object({
  requestId,
  confirmed: z
    .string({ error: "Tick the box to confirm that this person's data is deleted now" })
    .refine((v) => v === "on", "Tick the box to confirm that this person's data is deleted now"),
});

export const ZDeclineDeletion = z.object({
  requestId,
  reason: requiredText(10, 500, "Tell the person why, in at least 10 characters", "Keep the reason under 500 characters"),
});

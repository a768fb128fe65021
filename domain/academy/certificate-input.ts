import { z } from "zod";
import { REVOKE_REASON_MAX, REVOKE_REASON_MIN } from "./certificates";

// Forms and addresses of certificates and reminders (docs/product/academy.md#certificates, #reminders).

/** /staff/academy/certificates?q=&page=: a bad value falls back to its default. */
export const ZCertificateFilters = z.object({
  q: z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, 100))
    .catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TCertificateFilters = z.infer<typeof ZCertificateFilters>;

export const ZRevokeCertificate = z.object({
  certificateId: z.coerce.number({ error: "Choose a certificate" }).int().positive("Choose a certificate"),
  reason: z
    .string({ error: "Give the reason" })
    .trim()
    .min(REVOKE_REASON_MIN, `Give the reason in at least ${REVOKE_REASON_MIN} characters`)
    .max(REVOKE_REASON_MAX, `Keep the reason under ${REVOKE_REASON_MAX} characters`),
});
export type TRevokeCertificate = z.infer<typeof ZRevokeCertificate>;

/** "Remind me" on a course page. */
export const ZRemindMe = z.object({
  courseId: z.coerce.number({ error: "Choose a course" }).int().positive("Choose a course"),
});

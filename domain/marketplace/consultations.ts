// Consultation requests to architects and designers (docs/product/marketplace.md#consultations), shared by the pages
// and the server; the zod forms are in consultation-input.ts.

export const CONSULTATION_STATUSES = ["pending", "accepted", "declined"] as const;
export type TConsultationStatus = (typeof CONSULTATION_STATUSES)[number];
export const CONSULTATION_STATUS_LABEL: Record<TConsultationStatus, string> = {
  pending: "Waiting for the architect",
  accepted: "Accepted",
  declined: "Declined",
};
/** How many requests one buyer may have waiting with one architect. */
export const MAX_PENDING_CONSULTATIONS = 2;

export type TConsultationRequestView = {
  id: number;
  brief: string;
  budgetKobo: number;
  state: string;
  city: string;
  status: TConsultationStatus;
  reply: string | null;
  createdAt: string;
  buyer: { name: string; email: string } | null;
};

// Marketplace rules shared by the pages and the server (docs/product/marketplace.md).

/** What an applicant sells: physical products, or designs (floor plans, furniture designs) as an architect or designer. */
export const SELLER_KINDS = ["seller", "architect"] as const;
export type TSellerKind = (typeof SELLER_KINDS)[number];
export const SELLER_KIND_LABEL: Record<TSellerKind, string> = {
  seller: "Seller of products",
  architect: "Architect or designer",
};

export const SELLER_CATEGORIES = [
  "Smart furniture",
  "Home and office furniture",
  "Interior design",
  "Architecture and floor plans",
  "Solar and energy",
  "Lighting",
  "Home decor",
  "Building materials",
] as const;
export type TSellerCategory = (typeof SELLER_CATEGORIES)[number];

/**
 * An application moves pending -> approved | rejected | needs_info; the applicant answers needs_info by
 * editing and sending it again (back to pending). A rejected applicant may apply again.
 */
export const APPLICATION_STATUSES = ["pending", "needs_info", "approved", "rejected"] as const;
export type TApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABEL: Record<TApplicationStatus, string> = {
  pending: "Awaiting review",
  needs_info: "More information needed",
  approved: "Approved",
  rejected: "Not approved",
};
/** The states in which an application is still open: one at a time per person. */
export const OPEN_APPLICATION_STATUSES = ["pending", "needs_info"] as const satisfies readonly TApplicationStatus[];
/** The refusal of a second application while one waits for the team (to sell or to invest). */
export const APPLICATION_ALREADY_PENDING = "Your application is already with our team. We will e-mail you when it is decided.";

export const REVIEW_DECISIONS = ["approve", "reject", "ask_info"] as const;
export type TReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const SELLER_STATUSES = ["active", "suspended"] as const;
export type TSellerStatus = (typeof SELLER_STATUSES)[number];

/** How many applications an admin list shows per page. */
export const APPLICATIONS_PAGE_SIZE = 20;

/** Open requests an admin has to decide on (docs/product/marketplace.md#pending-approvals). */
export type TPendingApprovals = {
  sellerApplications: number;
  architectApplications: number;
  /** Listings of active sellers awaiting staff review. */
  listingReviews: number;
  refundRequests: number;
  /** Sellers' payout requests not yet paid, declined or sent. */
  payoutRequests: number;
  /** People's requests to delete their data, still open (docs/product/privacy-requests.md). */
  deletionRequests: number;
};

export const pendingApprovalsTotal = (p: TPendingApprovals) =>
  p.sellerApplications + p.architectApplications + p.listingReviews + p.refundRequests + p.payoutRequests + p.deletionRequests;

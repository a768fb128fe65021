import { Link } from "react-router";
import { pendingApprovalsTotal, type TPendingApprovals } from "@domain/marketplace/marketplace";

// What waits for an admin's decision (docs/product/marketplace.md#pending-approvals), on the admin dashboard.

const ROWS = [
  { key: "sellerApplications", label: "Seller applications", to: "/staff/marketplace/applications?status=pending" },
  { key: "architectApplications", label: "Architect applications", to: "/staff/marketplace/applications?status=pending" },
  { key: "listingReviews", label: "Listings awaiting review", to: "/staff/marketplace/listings" },
  { key: "refundRequests", label: "Refund requests", to: "/admin/dashboard#alerts-title" },
  { key: "payoutRequests", label: "Payout requests", to: "/admin/payouts" },
  { key: "deletionRequests", label: "Data deletion requests", to: "/staff/privacy-requests" },
] as const satisfies readonly { key: keyof TPendingApprovals; label: string; to: string }[];

export function PendingApprovalsList({ counts }: { counts: TPendingApprovals }) {
  return (
    <ul className="mt-3 divide-y divide-line" data-testid="pending-approvals">
      {ROWS.map((row) => (
        <li key={row.key} className="flex items-center justify-between gap-3 py-2">
          <Link to={row.to} className="hover:text-brand hover:underline">
            {row.label}
          </Link>
          <span className={counts[row.key] > 0 ? "font-bold text-accent" : "text-muted"} data-testid={`pending-${row.key}`}>
            {counts[row.key]}
          </span>
        </li>
      ))}
    </ul>
  );
}

export const pendingApprovalsSummary = (counts: TPendingApprovals) => {
  const total = pendingApprovalsTotal(counts);
  return total === 0 ? "Nothing waits for you." : `${total} waiting for a decision.`;
};

import { Link } from "react-router";
import type { TPendingApprovals } from "@domain/marketplace/marketplace";

/** An admin's pending approvals in the floating panel (docs/product/marketplace.md#pending-approvals). */
export default function PendingApprovalsBox({ pending }: { pending: TPendingApprovals | null }) {
  return (
    <div className="m-2 rounded-lg border border-line bg-surface-2 p-2 text-sm">
      <p className="font-semibold">Pending approvals</p>
      {pending ? (
        <p className="text-xs text-muted" data-testid="panel-pending">
          Seller applications {pending.sellerApplications}, architect applications {pending.architectApplications}, listings{" "}
          {pending.listingReviews}, refund requests {pending.refundRequests}, payout requests {pending.payoutRequests}, deletion requests{" "}
          {pending.deletionRequests}
        </p>
      ) : null}
      <Link to="/admin/dashboard" prefetch="intent" className="mt-1 inline-block text-sm font-semibold text-brand underline">
        Review All
      </Link>
    </div>
  );
}

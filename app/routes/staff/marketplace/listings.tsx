import { Link } from "react-router";
import type { Route } from "./+types/listings";
import { LISTING_KIND_LABEL, LISTING_STATUS_LABEL, LISTING_STATUSES, REVIEW_QUEUE_PAGE_SIZE } from "@domain/marketplace/listings";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { listListingReviewQueue } from "@server/marketplace/list-listing-review-queue";
import { StatusFilter } from "~/components/staff/status-filter";
import { StaffPageHeader } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { metaFor } from "~/lib/meta";

// Staff's listing review queue (docs/product/marketplace.md#review-of-listings): the oldest waiting first.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/marketplace/listings", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  return listListingReviewQueue(new URL(request.url).searchParams);
}

type TListingRow = Route.ComponentProps["loaderData"]["rows"][number];
const listingColumns = (status: Route.ComponentProps["loaderData"]["status"]): TStaffColumn<TListingRow>[] => [
  {
    header: "Listing",
    rowHeader: true,
    cell: (r) => (
      <Link to={`/staff/marketplace/listings/${r.id}`} className="font-semibold text-brand underline">
        {r.title}
      </Link>
    ),
  },
  { header: "Seller", cell: (r) => `${r.sellerName}${r.sellerStatus === "suspended" ? " (store suspended)" : ""}` },
  { header: "Kind", cell: (r) => LISTING_KIND_LABEL[r.kind] },
  { header: "Price", align: "end", className: "whitespace-nowrap", cell: (r) => formatKobo(r.priceKobo) },
  { header: "Sent", className: "whitespace-nowrap", cell: (r) => formatLagosDateTime(r.submittedAt) },
  {
    header: "Status",
    cell: () => <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold">{LISTING_STATUS_LABEL[status]}</span>,
  },
];

export default function ListingQueue({ loaderData }: Route.ComponentProps) {
  const { status, rows, total, page, pageCount } = loaderData;
  const hrefFor = (p: number) => `?${new URLSearchParams({ status, page: String(p) })}`;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Marketplace listings"
        intro="What sellers want to list. A listing is public only once someone on the team has published it."
      />
      <StatusFilter status={status} options={LISTING_STATUSES.map((s) => [s, LISTING_STATUS_LABEL[s]] as const)}>
        <Link to="/staff/marketplace/reviews" className={`${buttonClass.ghost} ml-auto`}>
          Buyers&apos; reviews
        </Link>
      </StatusFilter>
      <StaffTable
        label="Listings"
        columns={listingColumns(status)}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ "data-testid": "listing-row" })}
        count={{
          total,
          pageSize: REVIEW_QUEUE_PAGE_SIZE,
          shown: rows.length,
          noun: "listing",
          none: "No listing here.",
          testId: "listing-count",
        }}
        empty={{ filtered: status !== "pending", clearTo: "/staff/marketplace/listings", text: "Nothing waits for review." }}
        pages={{ page, pageCount, hrefFor }}
      />
    </div>
  );
}

import { Link } from "react-router";
import type { Route } from "./+types/applications";
import { APPLICATION_STATUS_LABEL, APPLICATIONS_PAGE_SIZE, SELLER_KIND_LABEL } from "@domain/marketplace/marketplace";
import { ZApplicationFilters } from "@domain/marketplace/seller-application-input";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { listSellerApplications } from "@server/marketplace/list-seller-applications";
import { ApplicationStatusFilter } from "~/components/staff/status-filter";
import { BackLink } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { metaFor } from "~/lib/meta";
import { filteredListLoader } from "~/http/filtered-list.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/marketplace/applications", args);

export const loader = filteredListLoader("admin", ZApplicationFilters, listSellerApplications);

const APPLICATION_COLUMNS: TStaffColumn<Route.ComponentProps["loaderData"]["rows"][number]>[] = [
  {
    header: "Business",
    rowHeader: true,
    cell: (r) => (
      <Link to={`/staff/marketplace/applications/${r.id}`} className="font-semibold text-brand underline">
        {r.businessName}
      </Link>
    ),
  },
  {
    header: "Applicant",
    className: "break-words",
    cell: (r) => (
      <>
        <span className="block">{r.applicantName}</span>
        <span className="block text-xs text-muted">{r.applicantEmail}</span>
      </>
    ),
  },
  { header: "Kind", cell: (r) => SELLER_KIND_LABEL[r.kind] },
  { header: "Category", cell: (r) => r.category },
  { header: "Pickup state", hideOnPhone: true, cell: (r) => r.pickupState },
  { header: "Sent", className: "whitespace-nowrap", cell: (r) => formatLagosDateTime(r.submittedAt) },
  {
    header: "Status",
    cell: (r) => (
      <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold">{APPLICATION_STATUS_LABEL[r.status]}</span>
    ),
  },
];

export default function SellerApplications({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount } = loaderData;
  const hrefFor = (p: number) => `?${new URLSearchParams({ status: filters.status, page: String(p) })}`;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Seller applications</h1>
        <p className="mt-1 text-muted">
          People who asked to sell products or designs on the marketplace. See also{" "}
          <Link to="/staff/marketplace/sellers" className="text-brand underline">
            all sellers
          </Link>
          .
        </p>
      </header>
      <ApplicationStatusFilter status={filters.status} />
      <StaffTable
        label="Seller applications"
        columns={APPLICATION_COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ "data-testid": "application-row" })}
        count={{
          total,
          pageSize: APPLICATIONS_PAGE_SIZE,
          shown: rows.length,
          noun: "application",
          none: "No application here.",
          testId: "application-count",
        }}
        empty={{
          filtered: filters.status !== "all",
          clearTo: "/staff/marketplace/applications?status=all",
          text: "No one has applied to sell yet.",
        }}
        pages={{ page, pageCount, hrefFor }}
      />
    </div>
  );
}

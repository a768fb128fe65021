import { Link } from "react-router";
import type { Route } from "./+types/campaigns";
import { CampaignStatusBadge } from "~/components/campaigns/campaign-status";
import { Pager } from "~/components/ui/pager";
import { EmptyList, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { listCampaigns } from "@server/campaigns/list-campaigns";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/campaigns", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get("page")) || 1));
  return listCampaigns(page);
}

export default function StaffCampaigns({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <StaffPageHeader title="Campaigns" intro="Marketing e-mails to people who agreed to receive them, newest first." />
        <Link to="/staff/campaigns/new" className={buttonClass.primary}>
          New campaign
        </Link>
      </div>
      {rows.length === 0 ? (
        <EmptyList filtered={false} clearTo="/staff/campaigns">
          No campaigns yet. Compose one to e-mail your subscribers.
        </EmptyList>
      ) : (
        <ul className={`${cardClass} !p-0 divide-y divide-line`} aria-label="Campaigns">
          {rows.map((c) => (
            <li key={c.id} data-testid="campaign-row">
              <Link
                to={`/staff/campaigns/${c.id}`}
                prefetch="intent"
                className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-surface-2"
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{c.subject}</span>
                  <span className="block text-xs text-muted">
                    {formatLagosDateTime(c.createdAt)} · from {c.senderEmail}
                  </span>
                </span>
                <CampaignStatusBadge status={c.status} />
                <span className="col-span-2 text-sm text-muted">
                  {c.sent.toLocaleString("en-NG")} sent · {c.failed.toLocaleString("en-NG")} failed · {c.skipped.toLocaleString("en-NG")}{" "}
                  skipped of {c.total.toLocaleString("en-NG")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={(p) => `/staff/campaigns?page=${p}`} />
    </div>
  );
}

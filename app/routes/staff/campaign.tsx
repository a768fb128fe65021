import { data } from "react-router";
import type { Route } from "./+types/campaign";
import { CampaignStatusBadge } from "~/components/campaigns/campaign-status";
import { Pager } from "~/components/ui/pager";
import { CountTile, ProgressBar, useLiveProgress } from "~/components/ui/progress";
import { BackLink } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { getCampaign } from "@server/campaigns/get-campaign";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/campaigns/:id", args);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get("page")) || 1));
  const found = await getCampaign(Number(params.id) || 0, page);
  if (!found) throw data(null, { status: 404 });
  return found;
}

type TRecord = Route.ComponentProps["loaderData"]["records"][number];

function recordStatus(r: TRecord): { text: string; tone: string } {
  if (r.status === "pending") return { text: "Waiting", tone: "text-muted" };
  if (r.status === "skipped") {
    const failed = r.skipReason === "Invalid email format" || r.skipReason?.startsWith("Batch error:");
    return { text: `${failed ? "Failed" : "Skipped"}: ${r.skipReason}`, tone: failed ? "text-danger" : "text-muted" };
  }
  if (r.delivery === "sent") return { text: "Sent", tone: "text-brand" };
  if (r.delivery === "failed") return { text: `Failed: ${r.lastError ?? "delivery failed"}`, tone: "text-danger" };
  return { text: r.delivery === "sending" ? "Sending" : "Queued", tone: "text-accent" };
}

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  const { campaign, records, page, pageCount } = loaderData;
  const progress = useLiveProgress(`/staff/campaigns/${campaign.id}/progress`, loaderData.progress, (p) => p.complete);
  const target = progress.total - progress.skipped;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/campaigns">Campaigns</BackLink>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-words text-3xl font-bold">{campaign.subject}</h1>
          <CampaignStatusBadge status={progress.status} />
        </div>
        <p className="mt-1 break-words text-sm text-muted">
          From {campaign.senderName} &lt;{campaign.senderEmail}&gt; ·{" "}
          {campaign.audience === "subscribers" ? "all subscribers who agreed to marketing" : "a pasted or imported list"} · created{" "}
          {formatLagosDateTime(campaign.createdAt)}
          {campaign.createdBy ? ` by ${campaign.createdBy}` : ""}
        </p>
      </header>

      <section className={`${cardClass} space-y-4`} aria-labelledby="progress-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="progress-title" className="text-lg font-semibold">
            Progress
          </h2>
          <p className="text-sm text-muted" aria-live="polite" data-testid="progress-summary">
            {progress.complete ? "Finished" : "Sending"}: {(progress.sent + progress.failed).toLocaleString("en-NG")} of{" "}
            {target.toLocaleString("en-NG")} processed ({progress.percent}%)
          </p>
        </div>
        <ProgressBar label="Campaign progress" percent={progress.percent} />
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <CountTile label="Sent" value={progress.sent} tone="text-brand" />
          <CountTile label="Failed" value={progress.failed} tone={progress.failed ? "text-danger" : ""} />
          <CountTile label="Queued" value={progress.queued + progress.pending} />
          <CountTile label="Skipped" value={progress.skipped} />
        </dl>
        {progress.errors.length > 0 ? (
          <div role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            <p className="font-semibold text-danger">Errors</p>
            <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="campaign-errors">
              {progress.errors.map((e, i) => (
                <li key={i} className="break-words">
                  {e}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section className={`${cardClass} !p-0`} aria-labelledby="records-title">
        <h2 id="records-title" className="px-4 pt-4 text-lg font-semibold sm:px-6">
          Recipients <span className="text-base font-normal text-muted">({progress.total.toLocaleString("en-NG")})</span>
        </h2>
        <div
          className="hidden grid-cols-[minmax(0,2fr)_7rem_minmax(0,2fr)_minmax(0,1.5fr)] gap-3 border-b border-line px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted sm:px-6 lg:grid"
          aria-hidden
        >
          <span>E-mail</span>
          <span>Source</span>
          <span>Status</span>
          <span>Provider message id</span>
        </div>
        <ul className="divide-y divide-line" aria-label="Recipients">
          {records.map((r) => {
            const s = recordStatus(r);
            return (
              <li
                key={r.id}
                className="grid grid-cols-1 gap-1 px-4 py-3 text-sm sm:px-6 lg:grid-cols-[minmax(0,2fr)_7rem_minmax(0,2fr)_minmax(0,1.5fr)] lg:gap-3"
                data-testid="recipient-row"
              >
                <span className="min-w-0 break-words font-medium">
                  {r.email}
                  {r.name ? <span className="block text-xs font-normal text-muted">{r.name}</span> : null}
                </span>
                <span className="text-muted">
                  <span className="lg:sr-only">Source: </span>
                  {r.source}
                </span>
                <span className={`break-words ${s.tone}`}>{s.text}</span>
                <span className="min-w-0 break-all font-mono text-xs text-muted">{r.providerMessageId ?? "—"}</span>
              </li>
            );
          })}
        </ul>
        <div className="px-4 pb-4 sm:px-6">
          <Pager page={page} pageCount={pageCount} hrefFor={(p) => `/staff/campaigns/${campaign.id}?page=${p}`} />
        </div>
      </section>
    </div>
  );
}

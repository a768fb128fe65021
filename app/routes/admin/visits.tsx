import type { Route } from "./+types/visits";
import { FUNNEL_LABEL, FUNNEL_STEPS, type TFunnelDay, type TVisitDay } from "@domain/analytics/visits";
import { formatChartDay } from "@domain/time/lagos-time";
import { getVisitReport } from "@server/analytics/visit-report";
import { BackLink, StaffSection } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { metaFor } from "~/lib/meta";

// First-party visits (docs/product/visits.md#reports): counted on our own server, no third-party script, no address
// kept, Do-Not-Track and Global Privacy Control honoured.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/visits", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  return getVisitReport();
}

const pct = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`);

function VisitsChart({ days }: { days: TVisitDay[] }) {
  const max = Math.max(...days.map((d) => d.visitors), 1);
  const slot = 12;
  const height = 120;
  return (
    <>
      <svg viewBox={`0 0 ${days.length * slot} ${height}`} className="h-32 w-full" preserveAspectRatio="none" aria-hidden="true">
        {days.map((d, i) => {
          const h = d.visitors === 0 ? 2 : Math.max(3, (d.visitors / max) * (height - 4));
          return (
            <rect
              key={d.day}
              x={i * slot + 2}
              y={height - h}
              width={slot - 4}
              height={h}
              rx={2}
              className={d.visitors ? "fill-brand" : "fill-line"}
            >
              <title>{`${formatChartDay(d.day)}: ${d.visitors} visitors, ${d.views} pages`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{formatChartDay(days[0]!.day)}</span>
        <span>Today</span>
      </div>
      <table className="sr-only">
        <caption>Visitors and pages seen by day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Visitors</th>
            <th scope="col">Pages seen</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatChartDay(d.day)}</th>
              <td>{d.visitors}</td>
              <td>{d.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const FUNNEL_COLUMNS: TStaffColumn<TFunnelDay>[] = [
  { header: "Day", rowHeader: true, className: "font-normal", cell: (d) => formatChartDay(d.day) },
  ...FUNNEL_STEPS.map((s): TStaffColumn<TFunnelDay> => ({ header: FUNNEL_LABEL[s], align: "end", cell: (d) => d[s] })),
];

function SmallTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: (string | number)[][]; empty: string }) {
  return (
    <section className={`${cardClass} space-y-2`} aria-label={caption}>
      <h2 className="text-lg font-semibold">{caption}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <StaffTable
          label={caption}
          testId={`visits-${caption.toLowerCase().replace(/\W+/g, "-")}`}
          framed={false}
          columns={head.map((h, i): TStaffColumn<(string | number)[]> => ({
            header: h,
            align: i > 0 ? "end" : "start",
            className: i > 0 ? "" : "break-all",
            cell: (r) => r[i],
          }))}
          rows={rows}
          rowKey={(r) => String(r[0])}
          empty={null}
        />
      )}
    </section>
  );
}

export default function Visits({ loaderData }: Route.ComponentProps) {
  const { days, funnel, topPages, referrers, campaigns, devices } = loaderData;
  const today = days.at(-1)!;
  const totals = Object.fromEntries(FUNNEL_STEPS.map((s) => [s, funnel.reduce((sum, d) => sum + d[s], 0)])) as Record<
    (typeof FUNNEL_STEPS)[number],
    number
  >;
  const newestFirst = [...funnel].reverse();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Visits</h1>
        <p className="mt-1 text-muted">
          Counted on our own server over the last 30 days: no outside script, no address kept, and nobody who asks browsers not to be
          tracked. A visitor is one browser on one day.
        </p>
      </header>
      <section className={`${cardClass} space-y-3`} aria-labelledby="visitors-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="visitors-title" className="text-xl font-semibold">
            Visitors by day
          </h2>
          <p className="text-sm text-muted" data-testid="visits-today">
            Today: {today.visitors} visitor{today.visitors === 1 ? "" : "s"}, {today.views} page{today.views === 1 ? "" : "s"} seen
          </p>
        </div>
        <VisitsChart days={days} />
        <p className="text-sm text-muted">
          Phones {devices.phone} · tablets {devices.tablet} · computers {devices.desktop} (daily visitors, 30 days)
        </p>
      </section>
      <StaffSection titleId="funnel-title" title="Store funnel" className={`${cardClass} space-y-3`}>
        <ol className="grid gap-3 sm:grid-cols-5" data-testid="funnel-totals">
          {FUNNEL_STEPS.map((s, i) => (
            <li key={s} className="rounded-xl border border-line p-3">
              <p className="text-xs text-muted">{FUNNEL_LABEL[s]}</p>
              <p className="text-2xl font-bold tabular-nums">{totals[s].toLocaleString("en-NG")}</p>
              {i > 0 ? <p className="text-xs text-muted">{pct(totals[s], totals[FUNNEL_STEPS[i - 1]!])} of the step before</p> : null}
            </li>
          ))}
        </ol>
        <details className="overflow-x-auto">
          <summary className="cursor-pointer text-sm font-semibold">Day by day</summary>
          <div className="mt-2">
            <StaffTable
              label="The store funnel by day, newest first"
              testId="funnel-days"
              framed={false}
              columns={FUNNEL_COLUMNS}
              rows={newestFirst}
              rowKey={(d) => d.day}
              empty={null}
            />
          </div>
        </details>
      </StaffSection>
      <div className="grid gap-6 lg:grid-cols-3">
        <SmallTable
          caption="Top pages"
          head={["Page", "Seen", "Visitors"]}
          rows={topPages.map((p) => [p.path, p.views, p.visitors])}
          empty="No pages seen yet."
        />
        <SmallTable
          caption="Referrers"
          head={["From", "Visitors"]}
          rows={referrers.map((r) => [r.host, r.visitors])}
          empty="Nobody came from another site yet."
        />
        <SmallTable
          caption="Campaigns"
          head={["Source / medium / campaign", "Visitors"]}
          rows={campaigns.map((c) => [[c.source, c.medium, c.campaign].filter(Boolean).join(" / "), c.visitors])}
          empty="No visits with utm_ campaign tags yet."
        />
      </div>
    </div>
  );
}

import {
  AlertTriangle,
  Banknote,
  Gift,
  BarChart3,
  Boxes,
  ClipboardList,
  Bug,
  Clock,
  DatabaseBackup,
  DatabaseZap,
  Inbox,
  Mail,
  MailOpen,
  Megaphone,
  Newspaper,
  ScrollText,
  Send,
  Settings,
  ShoppingCart,
  Store,
  Sun,
  TrendingUp,
  Users,
} from "lucide-react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/dashboard";
import { JsFlag } from "~/components/ui/js-flag";
import { FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { formatKobo } from "@domain/money/money";
import { listOpenAlerts, listResolvedAlerts } from "@server/alerts/list-alerts";
import { resolveAlert, ZResolveAlert } from "@server/alerts/resolve-alert";
import { parseThen } from "@domain/errors/app-error";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { actionResponse } from "~/http/action-response.server";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { getStoreFigures } from "@server/orders/store-figures";
import { countPendingApprovals } from "@server/marketplace/count-pending-approvals";
import { PendingApprovalsList, pendingApprovalsSummary } from "~/components/admin/pending-approvals";
import { SalesOverTime } from "~/components/admin/sales-over-time";
import { getSalesOverTime } from "@server/orders/sales-over-time";
import { StaffSection } from "~/components/ui/staff-page";

export const meta: Route.MetaFunction = (args) => metaFor("/admin/dashboard", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const period = new URL(request.url).searchParams.get("sales") === "month" ? "month" : "day";
  const [figures, alerts, resolved, pending, sales] = await Promise.all([
    getStoreFigures(),
    listOpenAlerts(),
    listResolvedAlerts(),
    countPendingApprovals(),
    getSalesOverTime(period),
  ]);
  return { figures, alerts, resolved, pending, sales };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await parseThen(ZResolveAlert, fields, [], (input) => resolveAlert(admin, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Alert resolved", description: r.title }),
    failedTitle: "Not changed",
    back: "/admin/dashboard",
  });
}

// Severity is said in words too; the colour only helps the eye.
const SEVERITY: Record<string, { label: string; tone: string }> = {
  critical: { label: "Critical", tone: "border-l-danger bg-danger/10" },
  high: { label: "High", tone: "border-l-danger" },
  medium: { label: "Medium", tone: "border-l-accent" },
  low: { label: "Low", tone: "border-l-brand" },
};

type TAlert = Route.ComponentProps["loaderData"]["alerts"][number];

function AlertItem({ alert }: { alert: TAlert }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { error, busy } = useActionToast(fetcher);
  const severity = SEVERITY[alert.severity] ?? SEVERITY.medium!;
  return (
    <li className={`rounded-lg border border-line border-l-4 p-3 ${severity.tone}`} data-testid="admin-alert">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
            {severity.label} · {formatLagosDateTime(alert.createdAt)}
          </p>
          <p className="font-semibold">{alert.title}</p>
          <p className="text-sm">{alert.message}</p>
        </div>
        <fetcher.Form method="post">
          <JsFlag />
          <input type="hidden" name="alertId" value={alert.id} />
          <button type="submit" className={buttonClass.outline} disabled={busy}>
            Resolve
          </button>
        </fetcher.Form>
      </div>
      <FormError message={error?.message} />
    </li>
  );
}

function FigureCard({ label, value, to, hint }: { label: string; value: string; to: string; hint: string }) {
  return (
    <Link to={to} className={`${cardClass} block hover:border-brand`} data-testid="store-figure">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      <p className="mt-1 text-xs text-muted">{hint}</p>
    </Link>
  );
}

const TOOLS = [
  { to: "/staff/orders", label: "Orders", icon: ClipboardList },
  { to: "/staff/inventory", label: "Inventory", icon: Boxes },
  { to: "/staff/abandoned-carts", label: "Abandoned carts", icon: ShoppingCart },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/blog", label: "Blog posts", icon: Newspaper },
  { to: "/admin/mailbox", label: "Mailbox", icon: Mail },
  { to: "/admin/outbox", label: "Outbox (e-mail and SMS)", icon: Send },
  { to: "/staff/campaigns", label: "Campaigns", icon: Megaphone },
  { to: "/admin/jobs", label: "Scheduled jobs", icon: Clock },
  { to: "/admin/errors", label: "Errors", icon: Bug },
  { to: "/admin/backups", label: "Backups", icon: DatabaseBackup },
  { to: "/admin/email-templates", label: "E-mail templates", icon: MailOpen },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/migration", label: "Data migration", icon: DatabaseZap },
  { to: "/staff/marketplace/sellers", label: "Marketplace sellers", icon: Store },
  { to: "/staff/marketplace/listings", label: "Marketplace listings", icon: Store },
  { to: "/admin/payouts", label: "Payouts", icon: Banknote },
  { to: "/admin/referrals", label: "Refer & Earn", icon: Gift },
  { to: "/admin/investments", label: "Investments", icon: TrendingUp },
  { to: "/admin/visits", label: "Visits", icon: BarChart3 },
  { to: "/admin/power-tracking", label: "Power tracking", icon: Sun },
];

/** The four store figures at the top, each a link to the list behind it. */
function storeFigures(figures: Route.ComponentProps["loaderData"]["figures"]) {
  const count = (n: number) => n.toLocaleString("en-NG");
  return [
    {
      label: "Orders today",
      value: count(figures.ordersToday),
      to: "/staff/orders",
      hint: "Placed since midnight, Lagos time",
    },
    {
      label: "Revenue this month",
      value: formatKobo(figures.revenueThisMonthKobo),
      to: "/staff/orders?status=paid",
      hint: "Orders paid this month, not refunded",
    },
    {
      label: "Awaiting payment",
      value: count(figures.awaitingPayment),
      to: "/staff/orders?status=pending_payment",
      hint: "Transfers to confirm, card payments pending",
    },
    { label: "Low stock", value: count(figures.lowStock), to: "/staff/inventory?low=1", hint: "Items under their threshold" },
  ];
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures, alerts, resolved, pending, sales } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Admin Dashboard</h1>
        <p className="mt-1 text-muted">Alerts that need you, sales across the business, and your tools.</p>
      </header>

      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="sr-only">
          Store figures
        </h2>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {storeFigures(figures).map((figure) => (
            <FigureCard key={figure.label} {...figure} />
          ))}
        </div>
      </section>

      <SalesOverTime sales={sales} />

      <section className={cardClass} aria-labelledby="pending-title">
        <h2 id="pending-title" className="flex items-center gap-2 text-xl font-semibold">
          <Inbox className="h-5 w-5 text-accent" aria-hidden /> Pending approvals
        </h2>
        <p className="mt-1 text-sm text-muted">{pendingApprovalsSummary(pending)}</p>
        <PendingApprovalsList counts={pending} />
        <Link to="/staff/marketplace/applications" className={`${buttonClass.outline} mt-3`}>
          Review all
        </Link>
      </section>

      <section className={cardClass} aria-labelledby="alerts-title">
        <h2 id="alerts-title" className="flex items-center gap-2 text-xl font-semibold">
          <AlertTriangle className="h-5 w-5 text-accent" aria-hidden /> Alerts{" "}
          {alerts.length > 0 ? <span className="text-base font-normal text-muted">({alerts.length} open)</span> : null}
        </h2>
        {alerts.length === 0 ? (
          <p className="mt-3 text-sm text-muted" data-testid="alerts-empty">
            No open alerts. Low stock, late payments and stock shortfalls appear here.
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {alerts.map((a) => (
              <AlertItem key={a.id} alert={a} />
            ))}
          </ul>
        )}
        {resolved.length > 0 ? (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-semibold">Recently resolved</summary>
            <ul className="mt-2 space-y-1 text-sm" data-testid="resolved-alerts">
              {resolved.map((r) => (
                <li key={r.id}>
                  {r.title}{" "}
                  <span className="text-muted">
                    · resolved by {r.resolvedBy ?? "a former admin"}
                    {r.resolvedAt ? `, ${formatLagosDateTime(r.resolvedAt)}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <StaffSection titleId="tools-title" title="Tools">
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {TOOLS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} prefetch="intent" className={`${buttonClass.outline} w-full justify-start`}>
                <Icon className="h-4 w-4 text-brand" aria-hidden /> {label}
              </Link>
            </li>
          ))}
        </ul>
      </StaffSection>
    </div>
  );
}

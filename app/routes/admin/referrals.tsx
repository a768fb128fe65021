import { PAYOUT_STATUS_LABEL, type TPayoutStatus } from "@domain/marketplace/earnings";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/referrals";
import { formatKobo } from "@domain/money/money";
import { COMMISSION_STATUSES, type TCommissionStatus } from "@domain/referrals/commission";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { savedSettingsFlash, SettingsGroupForm } from "~/components/admin/settings-group-form";
import { ErrorText, Field } from "~/components/ui/field";
import { BackLink, StaffFigure, StaffSection } from "~/components/ui/staff-page";
import { StaffTable } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom, requireRole } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { getReferralProgramme, getReferrerLedger } from "@server/referrals/get-referral-programme";
import { saveSettingsGroup } from "@server/settings/save-settings-group";

// The referral programme's admin (docs/product/refer-and-earn.md#admin): its settings, its figures, the flagged
// referrals waiting for staff, payouts, and any referrer's ledger.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/referrals", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const email = new URL(request.url).searchParams.get("referrer")?.slice(0, 200) ?? "";
  const [programme, ledger] = await Promise.all([getReferralProgramme(), email ? getReferrerLedger(email) : null]);
  return { settings: getSettingsFrom(context), programme, email, ledger };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const saved = await saveSettingsGroup(admin.id, { ...fields, group: "referral" }, getSettingsFrom(context));
  if (!saved.ok) return formRefusal(saved, fields);
  return redirectWithFlash("/admin/referrals", savedSettingsFlash(saved));
}

const LEDGER_KIND: Record<string, string> = {
  approved: "Commission approved",
  reversed: "Commission reversed",
  payout: "Payout",
  payout_returned: "Bank payout returned",
};

export default function AdminReferrals({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, programme: p, email, ledger } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = formRefusalIn(actionData);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Refer &amp; Earn</h1>
        <p className="mt-1 text-muted">
          The programme is {settings.referEarnEnabled ? "on" : "off"}
          {settings.referEarnEnabled ? "" : ": no new referrals are bound, and commissions already earned still settle"}. Switch it in{" "}
          <Link to="/admin/settings" className="text-brand underline">
            Settings, Features
          </Link>
          .
        </p>
      </header>

      <StaffSection titleId="figures-title" title="Figures">
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StaffFigure label="Referral links opened" value={p.linkOpens.toLocaleString("en-NG")} testId="figure-opens" />
          <StaffFigure label="Sign-ups" value={p.signUps.toLocaleString("en-NG")} testId="figure-signups" />
          <StaffFigure label="First purchases" value={p.firstPurchases.toLocaleString("en-NG")} />
          <StaffFigure label="Sign-up to purchase" value={`${p.conversionPercent}%`} />
          <StaffFigure label="Owed to referrers" value={formatKobo(p.owedKobo)} hint="Approved, not yet paid out" />
          <StaffFigure label="Paid out" value={formatKobo(p.paidKobo)} />
          <StaffFigure label="Held (pending)" value={formatKobo(p.commissions.pending?.kobo ?? 0)} />
          <StaffFigure label="Waiting for review" value={p.flagged.toLocaleString("en-NG")} testId="figure-flagged">
            <Link to="/staff/referrals" className="text-sm text-brand underline">
              Review flagged referrals
            </Link>
          </StaffFigure>
        </dl>
        <div className="mt-4">
          <StaffTable
            label="Commissions by state"
            framed={false}
            columns={[
              { header: "Commissions", rowHeader: true, className: "font-medium", cell: (status) => COMMISSION_STATUSES[status] },
              { header: "Count", align: "end", cell: (status) => p.commissions[status]?.count ?? 0 },
              { header: "Amount", align: "end", cell: (status) => formatKobo(p.commissions[status]?.kobo ?? 0) },
            ]}
            rows={Object.keys(COMMISSION_STATUSES) as TCommissionStatus[]}
            rowKey={(status) => status}
            empty={null}
          />
        </div>
      </StaffSection>

      <SettingsGroupForm
        group="referral"
        title="Programme settings"
        settings={settings}
        errors={failed?.error.fieldErrors ?? undefined}
        busy={busy}
      />
      <ErrorText message={failed && !failed.error.fieldErrors ? failed.error.message : null} />

      <StaffSection titleId="top-title" title="Top referrers" className={cardClass}>
        {p.top.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No commissions yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-line text-sm">
            {p.top.map((t) => (
              <li key={t.email} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/admin/referrals?referrer=${encodeURIComponent(t.email)}#ledger-title`} className="text-brand underline">
                  {t.name}
                </Link>
                <span className="tabular-nums">
                  {t.commissions} commission{t.commissions === 1 ? "" : "s"} · {formatKobo(t.earnedKobo)} approved
                </span>
              </li>
            ))}
          </ol>
        )}
      </StaffSection>

      <StaffSection titleId="payouts-title" title="Latest payouts" className={cardClass}>
        {p.payouts.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No payouts yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line text-sm">
            {p.payouts.map((x) => (
              <li key={x.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {x.name} ·{" "}
                  {x.destination === "wallet"
                    ? "to their ZavCharge wallet"
                    : `to their bank (${PAYOUT_STATUS_LABEL[x.status as TPayoutStatus].toLowerCase()})`}{" "}
                  · {formatLagosDateTime(x.createdAt)}
                </span>
                <span className="font-semibold tabular-nums">{formatKobo(x.amountKobo)}</span>
              </li>
            ))}
          </ul>
        )}
      </StaffSection>

      <StaffSection titleId="ledger-title" title="A referrer's ledger" className={cardClass}>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <Field label="Referrer's e-mail" name="referrer" type="email" defaultValue={email} className="min-w-64 flex-1" />
          <button type="submit" className={buttonClass.outline}>
            Show ledger
          </button>
        </Form>
        {email && !ledger ? <p className="mt-3 text-sm text-danger">No account has that e-mail address.</p> : null}
        {ledger ? (
          <div className="mt-4">
            <p className="text-sm">
              {ledger.person.name} · balance <strong data-testid="ledger-balance">{formatKobo(ledger.balanceKobo)}</strong>
            </p>
            {ledger.entries.length === 0 ? (
              <p className="mt-2 text-sm text-muted">Nothing in this ledger yet.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm" aria-label="Ledger entries">
                {ledger.entries.map((e) => (
                  <li key={e.id} className="grid grid-cols-[1fr_auto_auto] gap-3 py-2">
                    <span>
                      {LEDGER_KIND[e.kind] ?? e.kind} · {formatLagosDate(e.createdAt)}
                    </span>
                    <span className={`tabular-nums ${e.amountKobo < 0 ? "text-danger" : ""}`}>{formatKobo(e.amountKobo)}</span>
                    <span className="tabular-nums text-muted">{formatKobo(e.balanceAfterKobo)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </StaffSection>
    </div>
  );
}

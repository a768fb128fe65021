import { BatteryCharging, Download, History, LogOut, RefreshCw, Wallet } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { maskedPhone } from "@domain/auth/second-factor";
import { formatEnergy } from "@domain/zavcharge/sessions/session-rules";
import { WALLET_ENTRY_LABELS } from "@domain/zavcharge/wallet/wallet-rules";
import { listRemoteStartOptions } from "@server/zavcharge/chargers/list-remote-start-options";
import { getDriverDashboard } from "@server/zavcharge/statements/get-driver-dashboard";
import { isPinSignInPaused } from "@server/zavcharge/accounts/unlock-pin-sign-in";
import { PageHeader } from "~/components/ui/page-header";
import { ChargeNow } from "~/components/zavcharge/charge-now";
import { CloseAccount, ConfirmPhone, DetailsCard, PinPaused } from "~/components/zavcharge/driver-account-cards";
import { StateBadge } from "~/components/zavcharge/state-badge";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireDriver } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { answerPageIntent } from "~/http/page-intents.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { DRIVER_DASHBOARD_INTENTS } from "./dashboard-actions.server";

export async function loader({ context }: Route.LoaderArgs) {
  const driver = requireDriver(context);
  return {
    account: {
      code: driver.code,
      name: driver.name,
      email: driver.email,
      phone: driver.phone,
      state: driver.state,
      balanceKobo: driver.balanceKobo,
      planName: driver.plan.name,
      planExpiresAt: driver.planExpiresAt,
      via: driver.via,
      welcomeAwaitsPhone: driver.welcomeAwaitsPhone,
      maskedPhone: driver.phone ? maskedPhone(driver.phone) : "",
    },
    ...(await getDriverDashboard(driver.id)),
    startOptions: await listRemoteStartOptions(),
    pinPaused: driver.via === "password" && (await isPinSignInPaused(driver.code)),
  };
}

export const meta: Route.MetaFunction = (args) => metaFor("/zavcharge/dashboard", args);

/** The dashboard's writes (docs/product/zavcharge.md#accounts), each named by its form's intent. */
export async function action({ request, context }: Route.ActionArgs) {
  const driver = requireDriver(context);
  const fields = await readForm(request);
  return answerPageIntent(DRIVER_DASHBOARD_INTENTS, fields, { request, driver }, (refusal) =>
    actionResponse(request, fields, refusal, { done: () => "", failedTitle: "Nothing changed" }),
  );
}

export default function ZavChargeDashboard({ loaderData }: Route.ComponentProps) {
  const { account, entries, sessions, live, startOptions, pinPaused } = loaderData;
  const expires = account.planExpiresAt ? new Date(account.planExpiresAt) : null;
  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageHeader
            eyebrow="ZavCharge"
            title="My ZavCharge"
            titleClassName="mt-1 text-2xl font-bold sm:text-3xl"
            introClassName="mt-1 text-sm text-muted"
          >
            Subscription ID{" "}
            <strong className="font-mono text-fg" data-testid="subscription-id">
              {account.code}
            </strong>{" "}
            <StateBadge state={account.state} />
          </PageHeader>
        </div>
        {account.via === "pin" ? (
          <Form method="post" action="/zavcharge/sign-out">
            <button type="submit" className={buttonClass.outline}>
              <LogOut className="h-4 w-4" aria-hidden /> Sign out
            </button>
          </Form>
        ) : null}
      </header>

      {pinPaused ? <PinPaused /> : null}
      {account.welcomeAwaitsPhone ? <ConfirmPhone maskedPhone={account.maskedPhone} /> : null}

      <section aria-labelledby="zc-balance" className={`${cardClass} bg-gradient-to-br from-brand/10 to-transparent`}>
        <h2 id="zc-balance" className="inline-flex items-center gap-2 text-sm font-semibold text-muted">
          <Wallet className="h-4 w-4" aria-hidden /> Balance
        </h2>
        <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="zavcharge-balance">
          {formatKobo(account.balanceKobo)}
        </p>
        <p className="mt-1 text-sm text-muted">
          {expires
            ? `${account.planName} plan, ${account.state === "expired" ? "ended" : "until"} ${formatLagosDate(expires)}`
            : account.welcomeAwaitsPhone
              ? `Your free first ${account.planName} month starts once your phone is confirmed`
              : "No plan running yet: renew a plan to start charging"}
        </p>
        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Link to="/zavcharge/top-up" className={buttonClass.primary}>
            <Wallet className="h-4 w-4" aria-hidden /> Top up
          </Link>
          <Link to="/zavcharge/renew" className={buttonClass.outline}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Renew plan
          </Link>
          <a
            href="/zavcharge/statement.csv"
            download
            className={buttonClass.outline}
            onClick={() => toast.success("Statement downloaded successfully", { duration: 3000 })}
          >
            <Download className="h-4 w-4" aria-hidden /> Statement
          </a>
          <Link to="/zavcharge/history" className={buttonClass.outline}>
            <History className="h-4 w-4" aria-hidden /> History
          </Link>
        </div>
      </section>

      <ChargeNow live={live} stations={startOptions} viaSiteAccount={account.via === "password"} />

      <DetailsCard account={account} />

      <div className="grid gap-5 md:grid-cols-2">
        <section aria-labelledby="zc-wallet" className={cardClass}>
          <h2 id="zc-wallet" className="text-lg font-bold">
            Wallet activity
          </h2>
          {entries.length === 0 ? (
            <p className="mt-3 text-sm text-muted">No wallet activity yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-line text-sm">
              {entries.map((e) => (
                <li key={e.id} className="flex items-start justify-between gap-3 py-2">
                  <div>
                    <p className="font-medium">{WALLET_ENTRY_LABELS[e.kind]}</p>
                    <p className="text-xs text-muted">
                      {e.description} · {formatLagosDateTime(e.createdAt)}
                    </p>
                  </div>
                  <div className="text-right tabular-nums">
                    <p className={e.amountKobo > 0 ? "font-semibold text-emerald-700 dark:text-emerald-400" : "font-semibold"}>
                      {e.amountKobo > 0 ? "+" : "−"}
                      {formatKobo(Math.abs(e.amountKobo))}
                    </p>
                    <p className="text-xs text-muted">Balance {formatKobo(e.balanceAfterKobo)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="zc-sessions" className={cardClass}>
          <h2 id="zc-sessions" className="inline-flex items-center gap-2 text-lg font-bold">
            <BatteryCharging className="h-5 w-5 text-accent" aria-hidden /> Recent charging
          </h2>
          {sessions.length === 0 ? (
            <p className="mt-3 text-sm text-muted">
              No charging sessions yet.{" "}
              <Link to="/zavcharge" className="text-brand underline">
                Find a station
              </Link>
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-line text-sm">
              {sessions.map((s) => (
                <li key={s.id} className="flex items-start justify-between gap-3 py-2">
                  <div>
                    <p className="font-medium">
                      {s.station}, slot {s.slotNumber}
                    </p>
                    <p className="text-xs text-muted">{formatLagosDateTime(s.startedAt)}</p>
                  </div>
                  <p className="text-right tabular-nums">
                    {s.status === "active" ? (
                      <span className="font-semibold text-accent">Charging now</span>
                    ) : (
                      <>
                        {s.energyWh !== null ? formatEnergy(s.energyWh) : ""}
                        <br />
                        <span className="text-xs text-muted">{s.costKobo !== null ? formatKobo(s.costKobo) : ""}</span>
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <CloseAccount balanceKobo={account.balanceKobo} via={account.via} />
    </div>
  );
}

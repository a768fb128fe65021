import { data } from "react-router";
import type { Route } from "./+types/subscriber";
import { ActionForm } from "~/components/ui/action-form";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { BackLink, StaffSection } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { StateBadge } from "~/components/zavcharge/state-badge";
import { hasRoleLevel } from "@domain/access/roles";
import { parseThen } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { ZAccountStatusChange, ZWalletAdjustment } from "@domain/zavcharge/sessions/session-input";
import { STAFF_REASON_MAX } from "@domain/zavcharge/accounts/account-rules";
import { formatEnergy, SESSION_STATUS_LABELS, type TSessionStatus } from "@domain/zavcharge/sessions/session-rules";
import { WALLET_ENTRY_LABELS, type TWalletEntryKind } from "@domain/zavcharge/wallet/wallet-rules";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { adjustWallet } from "@server/zavcharge/wallet/adjust-wallet";
import { getSubscriber } from "@server/zavcharge/statements/get-subscriber";
import { setAccountStatus } from "@server/zavcharge/accounts/set-account-status";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/subscribers/:code", args);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(context, request, "staff");
  const subscriber = await getSubscriber(params.code);
  if (!subscriber) throw data("No such ZavCharge account", { status: 404 });
  return { ...subscriber, canAdjust: hasRoleLevel(viewer.role, "admin") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  if (fields.intent === "adjust") {
    const result = await parseThen(ZWalletAdjustment, fields, ["direction", "amount", "reason"], (input) =>
      adjustWallet(staff, params.code, input),
    );
    return actionResponse(request, fields, result, {
      done: (r) => ({
        type: "success",
        title: r.amountKobo > 0 ? `Credited ${formatKobo(r.amountKobo)}` : `Debited ${formatKobo(-r.amountKobo)}`,
        description: `${r.code}'s balance is now ${formatKobo(r.balanceKobo)}.`,
      }),
      failedTitle: "Wallet not changed",
    });
  }
  const result = await parseThen(ZAccountStatusChange, fields, ["reason"], (input) => setAccountStatus(staff, params.code, input));
  return actionResponse(request, fields, result, {
    done: (r) => (r.status === "suspended" ? `${r.code} suspended` : `${r.code} reactivated`),
    failedTitle: "Not changed",
  });
}

type TData = Route.ComponentProps["loaderData"];

const LEDGER_COLUMNS: TStaffColumn<TData["ledger"][number]>[] = [
  { header: "When", className: "whitespace-nowrap", cell: (e) => formatLagosDateTime(e.createdAt) },
  {
    header: "Entry",
    cell: (e) => (
      <>
        <span className="font-medium">{WALLET_ENTRY_LABELS[e.kind as TWalletEntryKind] ?? e.kind}</span>
        <span className="block text-xs text-muted">
          {e.description}
          {e.reason ? `: ${e.reason}` : ""}
        </span>
      </>
    ),
  },
  {
    header: "Amount",
    align: "end",
    className: "whitespace-nowrap",
    cell: (e) => (
      <span className={e.amountKobo < 0 ? "text-danger" : ""}>
        {e.amountKobo < 0 ? `−${formatKobo(-e.amountKobo)}` : `+${formatKobo(e.amountKobo)}`}
      </span>
    ),
  },
  { header: "Balance after", align: "end", className: "whitespace-nowrap", cell: (e) => formatKobo(e.balanceAfterKobo) },
];

const SESSION_COLUMNS: TStaffColumn<TData["sessions"][number]>[] = [
  { header: "Started", className: "whitespace-nowrap", cell: (s) => formatLagosDateTime(s.startedAt) },
  { header: "Station, slot", cell: (s) => `${s.stationName}, ${s.slotNumber}` },
  { header: "Energy", align: "end", className: "whitespace-nowrap", cell: (s) => (s.energyWh === null ? "-" : formatEnergy(s.energyWh)) },
  {
    header: "Cost",
    align: "end",
    className: "whitespace-nowrap",
    cell: (s) => (
      <>
        {s.costKobo === null ? "-" : formatKobo(s.costKobo)}
        {s.unpaidKobo > 0 ? <span className="block text-xs text-danger">{formatKobo(s.unpaidKobo)} unpaid</span> : null}
      </>
    ),
  },
  { header: "Status", cell: (s) => SESSION_STATUS_LABELS[s.status as TSessionStatus] ?? s.status },
];

function StatusForm({ account }: { account: TData["account"] }) {
  if (account.status === "closed") return null;
  const suspend = account.status !== "suspended";
  return (
    <ActionForm intent={suspend ? "suspend" : "reactivate"} label={suspend ? "Suspend the account" : "Reactivate the account"}>
      {({ busy, fieldError }) => (
        <>
          <TextareaField
            label={suspend ? "Reason for suspending" : "Reason for reactivating"}
            name="reason"
            rows={2}
            maxLength={STAFF_REASON_MAX}
            required
            error={fieldError("reason")}
          />
          <button type="submit" className={suspend ? buttonClass.danger : buttonClass.primary} disabled={busy}>
            {suspend ? "Suspend account" : "Reactivate account"}
          </button>
        </>
      )}
    </ActionForm>
  );
}

function AdjustForm() {
  return (
    <ActionForm intent="adjust" label="Adjust the wallet">
      {({ busy, fieldError }) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Credit or debit"
              name="direction"
              defaultValue="credit"
              options={[
                ["credit", "Credit (add)"],
                ["debit", "Debit (take)"],
              ]}
              error={fieldError("direction")}
            />
            <Field label="Amount (₦)" name="amount" inputMode="decimal" required placeholder="2500.00" error={fieldError("amount")} />
          </div>
          <TextareaField label="Reason" name="reason" rows={2} maxLength={STAFF_REASON_MAX} required error={fieldError("reason")} />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            Adjust wallet
          </button>
        </>
      )}
    </ActionForm>
  );
}

export default function Subscriber({ loaderData }: Route.ComponentProps) {
  const { account, ledger, sessions, canAdjust } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/zavcharge/subscribers">Subscribers</BackLink>
        <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-bold">
          <span className="font-mono">{account.code}</span> <StateBadge state={account.state} />
        </h1>
        <p className="mt-1 text-muted">{account.name || "Closed account: the person's details were erased."}</p>
      </header>

      <div className="grid gap-4 md:grid-cols-2">
        <section className={cardClass} aria-labelledby="details-title">
          <h2 id="details-title" className="text-lg font-semibold">
            Details
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Balance</dt>
            <dd className="font-semibold" data-testid="subscriber-balance">
              {formatKobo(account.balanceKobo)}
            </dd>
            <dt className="text-muted">E-mail</dt>
            <dd className="break-words">{account.email || "-"}</dd>
            <dt className="text-muted">Phone</dt>
            <dd>{account.phone || "-"}</dd>
            <dt className="text-muted">Plan</dt>
            <dd>
              {account.planName}
              {account.planExpiresAt ? `, until ${formatLagosDate(account.planExpiresAt)}` : ""}
            </dd>
            <dt className="text-muted">Joined</dt>
            <dd>{formatLagosDate(account.createdAt)}</dd>
            {account.suspendedReason ? (
              <>
                <dt className="text-muted">Suspended</dt>
                <dd className="break-words">{account.suspendedReason}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className={`${cardClass} space-y-6`} aria-label="Actions">
          <StatusForm account={account} />
          {canAdjust && account.status !== "closed" ? (
            <div className="border-t border-line pt-4">
              <h2 className="mb-2 text-lg font-semibold">Wallet adjustment</h2>
              <AdjustForm />
            </div>
          ) : null}
        </section>
      </div>

      <StaffSection titleId="ledger-title" title="Wallet ledger" className="space-y-2">
        <StaffTable
          label="Wallet ledger"
          columns={LEDGER_COLUMNS}
          rows={ledger}
          rowKey={(e) => e.id}
          rowProps={() => ({ "data-testid": "ledger-row" })}
          empty={<p>No wallet entries yet.</p>}
        />
      </StaffSection>

      <StaffSection titleId="sessions-title" title="Sessions" className="space-y-2">
        {sessions.length === 0 ? (
          <p className="text-sm text-muted">No sessions yet.</p>
        ) : (
          <StaffTable label="Sessions" columns={SESSION_COLUMNS} rows={sessions} rowKey={(s) => s.id} empty={null} />
        )}
      </StaffSection>
    </div>
  );
}

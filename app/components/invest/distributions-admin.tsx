import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatKobo } from "@domain/money/money";
import { addDays, formatLagosDate } from "@domain/time/lagos-time";
import { ActionForm, DecisionButtons } from "~/components/ui/action-form";
import { Field, SelectField } from "~/components/ui/field";
import { CheckWithPaystackButton } from "~/components/invest/check-with-paystack";
import { IntentButton } from "~/components/ui/intent-button";
import { RadioCard } from "~/components/ui/radio-card";
import { buttonClass, cardClass } from "~/components/ui/styles";

// Distributions on the investments admin page (docs/product/investments.md#distributions): one admin declares, a
// second approves or rejects, then the shares are sent through Paystack or marked paid with the bank's reference.

export type TDistributionRow = {
  id: number;
  tierName: string;
  periodStart: string;
  periodEnd: string;
  basis: string;
  poolKobo: number | null;
  rateBasisPoints: number | null;
  note: string | null;
  status: string;
  declaredBy: string;
  declaredByName: string;
  decidedByName: string | null;
  rejectionReason: string | null;
  totalKobo: number | null;
  remainderKobo: number | null;
  payments: number;
  scheduled: number;
  sending: number;
  reinvested: number;
  transferNotes: string[];
};

const day = (iso: string) => formatLagosDate(`${iso}T12:00:00Z`);
/** The period as typed: its first and last days (the stored end is the day after). */
export const periodLabel = (start: string, endExclusive: string) => `${day(start)} to ${day(addDays(endExclusive, -1))}`;

/** What a declaration is worked out from: a sum shared among the holdings, or a yearly rate on each. */
const BASES = [
  ["pool", "A pool to share", "Shared by principal and days held in the period"],
  ["rate", "A rate a year", "Each holding gets the rate for the days it was held"],
] as const;

export function DeclareDistribution({ tiers }: { tiers: { id: number; name: string }[] }) {
  const [basis, setBasis] = useState<"pool" | "rate">("pool");
  return (
    <ActionForm intent="declare-distribution" label="Declare a distribution" className="space-y-4">
      {({ busy, fieldError }) => (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label="Tier"
              name="tierId"
              placeholder="Choose a tier"
              defaultValue=""
              options={tiers.map((t) => [String(t.id), t.name] as const)}
              error={fieldError("tierId")}
            />
            <Field label="First day" name="from" type="date" error={fieldError("from")} />
            <Field label="Last day" name="to" type="date" hint="The period must have ended" error={fieldError("to")} />
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Basis</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {BASES.map(([value, title, detail]) => (
                <RadioCard
                  key={value}
                  name="basis"
                  value={value}
                  title={title}
                  detail={detail}
                  checked={basis === value}
                  onChange={() => setBasis(value)}
                />
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {basis === "pool" ? (
              <Field label="Pool (₦)" name="pool" inputMode="decimal" error={fieldError("pool")} />
            ) : (
              <Field label="Rate a year (%)" name="rate" inputMode="decimal" error={fieldError("rate")} />
            )}
            <Field
              label="Note (optional)"
              name="note"
              maxLength={500}
              hint="Where the money comes from: the results it is paid from"
              error={fieldError("note")}
            />
          </div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Declaring..." : "Declare for approval"}
          </button>
        </>
      )}
    </ActionForm>
  );
}

/** Whether this form's own submission is on its way (the page's other forms stay usable). */
function useBusy(intent: string, id: number) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData?.get("declarationId") === String(id)
  );
}

// Deciding and paying change the row's form, so these forms navigate: the answer comes back as the page's flash
// message, which nothing unmounts (a fetcher's toast could be lost with its form).

function Decide({ row }: { row: TDistributionRow }) {
  const busy = useBusy("decide-distribution", row.id);
  return (
    <Form method="post" className="space-y-2" noValidate preventScrollReset aria-label={`Decide on the ${row.tierName} distribution`}>
      <input type="hidden" name="intent" value="decide-distribution" />
      <input type="hidden" name="declarationId" value={row.id} />
      <Field label="Reason (to reject)" name="reason" maxLength={500} />
      <DecisionButtons
        busy={busy}
        choices={[
          ["approve", "Approve", "primary"],
          ["reject", "Reject", "danger"],
        ]}
      />
    </Form>
  );
}

function MarkPaid({ row }: { row: TDistributionRow }) {
  const busy = useBusy("distribution-paid", row.id);
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-2"
      noValidate
      preventScrollReset
      aria-label={`Mark the ${row.tierName} distribution paid`}
    >
      <input type="hidden" name="intent" value="distribution-paid" />
      <input type="hidden" name="declarationId" value={row.id} />
      <Field className="min-w-48 flex-1" label="Bank reference of the transfers" name="reference" maxLength={60} />
      <button type="submit" className={buttonClass.outline} disabled={busy}>
        Mark {row.scheduled} paid
      </button>
    </Form>
  );
}

/** How an approved distribution's shares stand: "2 to pay · 1 on its way · 1 reinvested", or "all paid". */
function sharesLine(row: TDistributionRow) {
  const parts = [
    row.scheduled > 0 ? `${row.scheduled} to pay` : null,
    row.sending > 0 ? `${row.sending} on the way through Paystack` : null,
    row.reinvested > 0 ? `${row.reinvested} reinvested` : null,
  ].filter(Boolean);
  return row.scheduled + row.sending === 0 ? ["all paid", ...parts].join(" · ") : parts.join(" · ");
}

const STATUS_LABEL: Record<string, string> = { awaiting_approval: "Awaiting a second admin", approved: "Approved", rejected: "Rejected" };

export function DistributionList({ rows, viewerId, canTransfer }: { rows: TDistributionRow[]; viewerId: string; canTransfer: boolean }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No distribution declared yet.</p>;
  return (
    <ul className="space-y-4">
      {rows.map((row) => (
        <li key={row.id} className={`${cardClass} space-y-3`} data-testid="distribution-row">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h3 className="font-bold">
                {row.tierName}: {periodLabel(row.periodStart, row.periodEnd)}
              </h3>
              <p className="text-sm text-muted">
                {row.basis === "pool" ? `Pool of ${formatKobo(row.poolKobo ?? 0)}` : `${(row.rateBasisPoints ?? 0) / 100}% a year`} ·
                declared by {row.declaredByName}
                {row.decidedByName ? ` · ${row.status === "rejected" ? "rejected" : "approved"} by ${row.decidedByName}` : ""}
              </p>
              {row.note ? <p className="text-sm">{row.note}</p> : null}
            </div>
            <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold" data-testid="distribution-status">
              {STATUS_LABEL[row.status] ?? row.status}
            </span>
          </div>
          {row.status === "approved" ? (
            <p className="text-sm">
              {formatKobo(row.totalKobo ?? 0)} to {row.payments} investment{row.payments === 1 ? "" : "s"} ·{" "}
              {formatKobo(row.remainderKobo ?? 0)} left over by rounding, not paid ·{" "}
              <span data-testid="distribution-shares">{sharesLine(row)}</span>
            </p>
          ) : null}
          {row.transferNotes.map((note) => (
            <p key={note} className="text-sm text-danger">
              A transfer did not go through: {note}
            </p>
          ))}
          {row.status === "rejected" && row.rejectionReason ? <p className="text-sm text-danger">Reason: {row.rejectionReason}</p> : null}
          {row.status === "awaiting_approval" ? (
            row.declaredBy === viewerId ? (
              <p className="text-sm text-muted">You declared this distribution: another admin must approve it.</p>
            ) : (
              <Decide row={row} />
            )
          ) : null}
          {row.status === "approved" && (row.scheduled > 0 || row.sending > 0) ? (
            <div className="flex flex-wrap items-end gap-3">
              {canTransfer && row.scheduled > 0 ? (
                <IntentButton
                  intent="send-distribution-transfers"
                  fields={{ declarationId: row.id }}
                  label={`Send ${row.scheduled} with Paystack`}
                  formLabel={`Send the ${row.tierName} shares with Paystack`}
                />
              ) : null}
              {row.sending > 0 ? (
                <CheckWithPaystackButton intent="check-distribution-transfers" fields={{ declarationId: row.id }} what={row.tierName} />
              ) : null}
            </div>
          ) : null}
          {row.status === "approved" && row.scheduled > 0 ? <MarkPaid row={row} /> : null}
        </li>
      ))}
    </ul>
  );
}

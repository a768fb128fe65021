import { Link } from "react-router";
import { months, PROJECTION_NOTE, projectedReturn } from "@domain/investments/disclosures";
import { DISTRIBUTION_FREQUENCY_LABEL, type TDistributionFrequency } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import type { TTierFacts } from "~/components/invest/tier-facts";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { StaffSection } from "~/components/ui/staff-page";

// The investments admin's tiers (docs/product/investments.md#tiers): each one's terms and what it has raised, with
// Edit opening it in the tier form below.

/** A tier as the admin sees it: its terms, its figures, its name and whether it is open. */
export type TTierAdminView = TTierFacts & { id: number; name: string; summary: string; status: string };

/** "14% a year (projection)": the projected return is never shown as a promise. */
const projection = (basisPoints: number) => `${projectedReturn(basisPoints)} (projection)`;

const TIER_COLUMNS: TStaffColumn<TTierAdminView>[] = [
  { header: "Tier", rowHeader: true, cell: (t) => t.name },
  { header: "Smallest", align: "end", className: "whitespace-nowrap", cell: (t) => formatKobo(t.minKobo) },
  {
    header: "Largest",
    align: "end",
    className: "whitespace-nowrap",
    cell: (t) => (t.maxKobo === null ? "No limit" : formatKobo(t.maxKobo)),
  },
  {
    header: "Cap",
    align: "end",
    className: "whitespace-nowrap",
    cell: (t) => (t.raiseCapKobo === null ? "No cap" : formatKobo(t.raiseCapKobo)),
  },
  {
    header: "Raised / left",
    align: "end",
    className: "whitespace-nowrap",
    cell: (t) => (
      <>
        {formatKobo(t.raisedKobo)}
        <span className="block text-xs text-muted">{t.leftKobo === null ? "no cap" : `${formatKobo(t.leftKobo)} left`}</span>
      </>
    ),
  },
  { header: "Projected return", className: "whitespace-nowrap", cell: (t) => projection(t.expectedReturnBasisPoints) },
  { header: "Tenor", className: "whitespace-nowrap", cell: (t) => months(t.tenorMonths) },
  {
    header: "Distributes",
    cell: (t) => DISTRIBUTION_FREQUENCY_LABEL[t.distributionFrequency as TDistributionFrequency] ?? t.distributionFrequency,
  },
  {
    header: "Lock-up",
    className: "whitespace-nowrap",
    cell: (t) => (
      <>
        {t.lockupMonths ? months(t.lockupMonths) : "None"}
        <span className="block text-xs text-muted">{t.earlyRedemption ? "early redemption after" : "no early redemption"}</span>
      </>
    ),
  },
  { header: "Status", cell: (t) => (t.status === "open" ? "Open" : "Closed") },
  {
    header: "Actions",
    headerHidden: true,
    align: "end",
    cell: (t) => (
      <Link to={`?tier=${t.id}#tier-form-title`} className={buttonClass.ghost} aria-label={`Edit ${t.name}`}>
        Edit
      </Link>
    ),
  },
];

export function TiersAdmin({ tiers, editingId }: { tiers: TTierAdminView[]; editingId: number | null }) {
  return (
    <StaffSection titleId="tiers-title" title="Tiers" className={cardClass}>
      {tiers.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No tiers yet. Add the first one below.</p>
      ) : (
        <div className="mt-3">
          <StaffTable
            label="Tiers"
            testId="tier-rows"
            framed={false}
            columns={TIER_COLUMNS}
            rows={tiers}
            rowKey={(t) => t.id}
            rowProps={(t) => ({ className: editingId === t.id ? "bg-surface-2" : "" })}
            empty={null}
          />
        </div>
      )}
      <p className="mt-3 text-xs text-muted" data-testid="projection-note">
        {PROJECTION_NOTE}
      </p>
    </StaffSection>
  );
}

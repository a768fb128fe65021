import { ACCOUNT_STATE_LABELS, type TAccountState } from "@domain/zavcharge/accounts/account-rules";

/** The account's state: green only for active (docs/product/zavcharge.md#accounts). */
export function StateBadge({ state }: { state: TAccountState }) {
  const tone = state === "active" ? "border-brand/50 bg-brand/10 text-brand-strong" : "border-danger/40 bg-danger/10 text-danger";
  return (
    <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{ACCOUNT_STATE_LABELS[state]}</span>
  );
}

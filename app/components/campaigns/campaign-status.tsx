import { StatusPill } from "~/components/ui/status-pill";

// The word carries the meaning; the colour only groups: under way (accent), finished (brand), stopped (danger).
const LABELS: Record<string, { label: string; tone: string }> = {
  sending: { label: "Sending", tone: "border-accent/60 text-accent" },
  done: { label: "Done", tone: "border-brand/60 text-brand" },
  failed: { label: "Failed", tone: "border-danger/60 text-danger" },
};

export function CampaignStatusBadge({ status }: { status: string }) {
  const s = LABELS[status] ?? { label: status, tone: "border-line text-muted" };
  return (
    <StatusPill tone={s.tone} testId="campaign-status">
      {s.label}
    </StatusPill>
  );
}

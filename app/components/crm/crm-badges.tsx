import { CRM_STATUS_LABEL, type TCrmStatus } from "@domain/crm/crm";
import { StatusPill } from "~/components/ui/status-pill";

// The word carries the meaning; the colour only groups (docs/product/crm.md#status).
const TONE: Record<TCrmStatus, string> = {
  lead: "border-accent/60 text-accent",
  subscriber: "border-brand/60 text-brand",
  customer: "border-brand/60 text-brand bg-brand/10",
  inactive: "border-line text-muted",
};

export function CrmStatusBadge({ status }: { status: TCrmStatus }) {
  return (
    <StatusPill tone={TONE[status]} testId="crm-status">
      {CRM_STATUS_LABEL[status]}
    </StatusPill>
  );
}

export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="rounded-md bg-surface-2 px-2 py-0.5 text-xs">
          {t}
        </li>
      ))}
    </ul>
  );
}

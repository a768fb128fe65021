import {
  CalendarCheck,
  GraduationCap,
  KeyRound,
  Mail,
  Megaphone,
  MessageSquare,
  Newspaper,
  ShoppingBag,
  StickyNote,
  Tag,
  UserCheck,
  Zap,
} from "lucide-react";
import { Link } from "react-router";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import type { TTimelineItem, TTimelineKind } from "@domain/crm/crm";

// A record's timeline (docs/product/crm.md#timeline): newest first, each entry with its icon, time in Lagos, and a
// badge for its state (an order's status, an e-mail's delivery).

const ICON: Record<TTimelineKind, typeof Mail> = {
  order: ShoppingBag,
  booking: CalendarCheck,
  message: MessageSquare,
  campaign: Megaphone,
  newsletter: Newspaper,
  "sign-in": KeyRound,
  academy: GraduationCap,
  zavcharge: Zap,
  note: StickyNote,
  email: Mail,
  assigned: UserCheck,
  status: UserCheck,
  tagged: Tag,
};

const STATE_LABEL: Record<string, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Delivered to the mail provider",
  failed: "Failed",
  skipped: "Not sent",
  pending: "Waiting",
  pending_payment: "Awaiting payment",
};

export function CrmTimeline({ items }: { items: TTimelineItem[] }) {
  if (items.length === 0) return <p className="text-sm text-muted">Nothing recorded yet.</p>;
  return (
    <ol className="space-y-3" data-testid="crm-timeline">
      {items.map((item, i) => {
        const Icon = ICON[item.kind];
        return (
          <li key={`${item.at}-${i}`} className="flex gap-3 rounded-xl border border-line bg-surface p-3">
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2">
                {item.link ? (
                  <Link to={item.link} className="font-medium text-brand underline">
                    {item.title}
                  </Link>
                ) : (
                  <span className="font-medium">{item.title}</span>
                )}
                {item.state ? (
                  <span className="rounded-full border border-line px-2 text-xs">
                    {STATE_LABEL[item.state] ?? item.state.replace(/_/g, " ")}
                  </span>
                ) : null}
              </p>
              {item.detail ? <p className="mt-1 text-sm whitespace-pre-line break-words">{item.detail}</p> : null}
              <p className="mt-1 text-xs text-muted">
                <time dateTime={item.at}>{formatLagosTimestamp(item.at)}</time>
                {item.by ? ` · ${item.by}` : ""}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

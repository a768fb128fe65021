import { ORDER_STATUSES, type TOrderStatus } from "@domain/orders/order-status";
import { formatLagosDateTime } from "@domain/time/lagos-time";

export type TTimelineEvent = { id: number; toStatus: string; actorLabel: string; note: string | null; createdAt: Date | string };

/** The order's status history, oldest first: what happened, when (Lagos time), and who did it. */
export function OrderTimeline({ events, showActor = false }: { events: TTimelineEvent[]; showActor?: boolean }) {
  return (
    <ol className="relative ml-2 border-l border-line" aria-label="Order timeline">
      {events.map((e) => (
        <li key={e.id} className="mb-3 ml-4 last:mb-0">
          <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border-2 border-surface bg-brand" aria-hidden />
          <p className="text-sm font-semibold">{ORDER_STATUSES[e.toStatus as TOrderStatus] ?? e.toStatus}</p>
          <p className="text-xs text-muted">
            <time dateTime={new Date(e.createdAt).toISOString()}>{formatLagosDateTime(e.createdAt)}</time>
            {showActor ? ` · ${e.actorLabel}` : null}
          </p>
          {e.note ? <p className="text-xs text-muted">{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

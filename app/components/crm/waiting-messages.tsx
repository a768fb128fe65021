import type { useFetcher } from "react-router";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass } from "~/components/ui/styles";
import type { TActionAnswer } from "~/lib/action-answer";

/** Contact messages nobody has answered yet (docs/product/crm.md#waiting-messages): we promise an answer within 24 hours. */
export function WaitingMessages({
  contactId,
  waiting,
  now,
  answered,
}: {
  contactId: number;
  waiting: { id: number; subject: string; receivedAt: string }[];
  now: string;
  /** Owned by the page: the section goes once the messages are answered, and the confirmation must outlive it. */
  answered: ReturnType<typeof useFetcher<TActionAnswer>>;
}) {
  const hoursSince = (at: string) => Math.floor((Date.parse(now) - Date.parse(at)) / 3600_000);
  const oldest = hoursSince(waiting[0]!.receivedAt);
  return (
    <section
      className={`${cardClass} space-y-3 border-l-4 ${oldest >= 24 ? "border-l-danger" : "border-l-accent"}`}
      aria-labelledby="waiting-title"
      data-testid="waiting-messages"
    >
      <h2 id="waiting-title" className="text-lg font-semibold">
        {waiting.length === 1 ? "A message is waiting for an answer" : `${waiting.length} messages are waiting for an answer`}
      </h2>
      <ul className="space-y-1 text-sm">
        {waiting.map((m) => {
          const hours = hoursSince(m.receivedAt);
          return (
            <li key={m.id}>
              <span className="font-medium">{m.subject}</span>{" "}
              <span className={hours >= 24 ? "font-semibold text-danger" : "text-muted"}>
                {hours >= 24 ? `waiting ${hours} hours, past our 24-hour promise` : `received ${formatLagosTimestamp(m.receivedAt)}`}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-muted">An e-mail from this record answers them. Answered another way, such as by phone? Say so here.</p>
      <answered.Form method="post">
        <JsFlag />
        <input type="hidden" name="intent" value="messages-answered" />
        <input type="hidden" name="contactId" value={contactId} />
        <button type="submit" className={buttonClass.outline} disabled={answered.state !== "idle"}>
          Mark answered
        </button>
      </answered.Form>
    </section>
  );
}

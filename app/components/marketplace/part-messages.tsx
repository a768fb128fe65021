import { ImagePlus, MessageSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Image } from "~/components/ui/image";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, inputClass } from "~/components/ui/styles";
import { MESSAGE_MAX, type TMessageView } from "@domain/marketplace/messages";
import type { TPartView } from "@domain/marketplace/sub-orders";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { ErrorText } from "~/components/ui/field";

// Messages between the buyer and the seller on one part of an order (docs/product/marketplace.md#messages).

function Message({ m }: { m: TMessageView }) {
  return (
    <li
      className={`max-w-[85%] space-y-1 rounded-xl px-3 py-2 text-sm ${m.mine ? "ml-auto bg-brand/15" : "bg-surface-2"}`}
      data-testid="message"
    >
      <p className="text-xs text-muted">
        {m.mine ? "You" : m.senderName} · {formatLagosDateTime(m.createdAt)}
      </p>
      {m.body ? <p className="whitespace-pre-line break-words">{m.body}</p> : null}
      {m.photo ? (
        <a href={m.photo.large} target="_blank" rel="noreferrer" className="block">
          <Image
            src={m.photo.small}
            alt="Photo sent with the message"
            width={240}
            height={Math.round((240 * m.photo.height) / m.photo.width)}
            className="h-auto w-60 rounded-lg"
          />
        </a>
      ) : null}
    </li>
  );
}

export function PartMessages({ part, other }: { part: TPartView; other: string }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError, formError, answer } = useActionToast(fetcher);
  const form = useRef<HTMLFormElement>(null);
  // A sent message empties the form for the next one.
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  const messages = part.messages ?? [];
  const open = part.status !== "pending_payment" && part.status !== "cancelled";
  if (!open && messages.length === 0) return null;
  return (
    <details className="text-sm" open={messages.length > 0}>
      <summary className="cursor-pointer text-brand">
        <MessageSquare className="mr-1 inline h-4 w-4" aria-hidden />
        Messages with {other} ({messages.length})
      </summary>
      {messages.length > 0 ? (
        <ol className="mt-2 space-y-2" aria-label={`Messages about ${part.label}`}>
          {messages.map((m) => (
            <Message key={m.id} m={m} />
          ))}
        </ol>
      ) : null}
      {open ? (
        <fetcher.Form
          ref={form}
          method="post"
          encType="multipart/form-data"
          className="mt-3 space-y-2"
          aria-label={`Write to ${other} about ${part.label}`}
        >
          <JsFlag />
          <input type="hidden" name="intent" value="message" />
          <input type="hidden" name="subOrderId" value={part.id} />
          <label htmlFor={`message-${part.id}`} className="block font-medium">
            Your message
          </label>
          <textarea
            id={`message-${part.id}`}
            name="body"
            rows={2}
            maxLength={MESSAGE_MAX}
            className={inputClass}
            aria-invalid={fieldError("body") ? true : undefined}
            aria-describedby={fieldError("body") ? `message-${part.id}-error` : undefined}
          />
          {fieldError("body") ? (
            <p id={`message-${part.id}-error`} className="text-danger" role="alert">
              {fieldError("body")}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <label className="inline-flex cursor-pointer items-center gap-1.5 text-brand">
              <ImagePlus className="h-4 w-4" aria-hidden /> Add a photo
              <input type="file" name="photo" accept="image/jpeg,image/png,image/webp" className="max-w-48 text-xs" />
            </label>
            <button type="submit" className={buttonClass.outline} disabled={busy}>
              Send<span className="sr-only"> message about {part.label}</span>
            </button>
          </div>
          <ErrorText message={fieldError("photo")} className="text-danger" />
          <ErrorText message={formError} className="text-danger" />
        </fetcher.Form>
      ) : null}
    </details>
  );
}

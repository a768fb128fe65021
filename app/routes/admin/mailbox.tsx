import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/mailbox";
import { buttonClass, cardClass, inputClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { requireRole } from "~/http/access.server";
import { getMailboxMessage, listMailbox } from "@server/messaging/list-mailbox";
import { readQuery } from "~/http/request-input.server";

/** The mailbox's search: an address to filter by; a search the box cannot use is no search. */
const ZMailboxQuery = z.object({ to: z.string().trim().toLowerCase().max(254).catch("") });

export const meta: Route.MetaFunction = (args) => metaFor("/admin/mailbox", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const params = new URL(request.url).searchParams;
  const id = Number(params.get("id"));
  const search = readQuery(request, ZMailboxQuery).to;
  const [messages, open] = await Promise.all([
    listMailbox({ to: search || undefined }),
    Number.isInteger(id) && id > 0 ? getMailboxMessage(id) : null,
  ]);
  return { messages, open, search };
}

/** Splits text into plain parts and clickable links, so a tester can follow a confirmation link. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm">
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="text-brand underline">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </pre>
  );
}

const when = (d: Date | string | null) => (d ? formatLagosTimestamp(d) : "");

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { messages, open, search } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Local mailbox</h1>
      <p className="text-muted">
        Every e-mail the site has queued or sent. Without an e-mail provider configured, this is where they are delivered. Delivery status,
        SMS and resending are in the{" "}
        <Link to="/admin/outbox" className="text-brand underline">
          outbox
        </Link>
        .
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section className={cardClass} aria-label="Messages">
          <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
            <label className="min-w-0 flex-1 text-sm font-medium">
              Recipient
              <input type="email" name="to" defaultValue={search} placeholder="name@example.ng" className={`${inputClass} mt-1`} />
            </label>
            <button type="submit" className={buttonClass.outline}>
              Find
            </button>
          </Form>
          {messages.length === 0 ? (
            <p className="text-sm text-muted">{search ? `No e-mails to ${search}.` : "No e-mails yet."}</p>
          ) : (
            <ul className="divide-y divide-line">
              {messages.map((m) => (
                <li key={m.id}>
                  <Link
                    to={`?${new URLSearchParams({ ...(search ? { to: search } : {}), id: String(m.id) })}`}
                    preventScrollReset
                    className={`block rounded-lg px-2 py-2 hover:bg-surface-2 ${open?.id === m.id ? "bg-surface-2" : ""}`}
                  >
                    <span className="block text-sm font-semibold">{m.subject}</span>
                    <span className="block text-xs text-muted">
                      To {m.recipient} · {m.status}
                      {m.provider ? ` via ${m.provider}` : ""} · {when(m.createdAt)}
                    </span>
                    {m.lastError ? <span className="block text-xs text-danger">{m.lastError}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={cardClass} aria-label="Message">
          {open ? (
            <article>
              <h2 className="text-xl font-semibold">{open.subject}</h2>
              <p className="mb-4 text-sm text-muted">
                To {open.toName ? `${open.toName} <${open.recipient}>` : open.recipient} · {when(open.sentAt ?? open.createdAt)}
              </p>
              <Linkified text={open.text} />
              <details className="mt-4">
                <summary className="cursor-pointer text-sm font-semibold">HTML preview</summary>
                <iframe
                  title="HTML preview"
                  sandbox=""
                  srcDoc={open.html}
                  className="mt-2 h-[480px] w-full rounded-lg border border-line bg-white"
                />
              </details>
            </article>
          ) : (
            <p className="text-sm text-muted">Choose a message to read it.</p>
          )}
        </section>
      </div>
    </div>
  );
}

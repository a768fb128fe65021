import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/outbox";
import { FormError, SelectField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { StaffFilterForm } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass } from "~/components/ui/styles";
import { listQuery } from "@domain/orders/order-filters";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import {
  OUTBOX_CHANNELS,
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATUSES,
  type TOutboxStatus,
  OUTBOX_FILTER_DEFAULTS,
} from "@domain/messaging/outbox-filters";
import { ZOutboxFilters, type TOutboxFilters } from "@domain/messaging/outbox-filters-input";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { actionResponse } from "~/http/action-response.server";
import { parseThen } from "@domain/errors/app-error";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { listOutbox } from "@server/messaging/list-outbox";
import { resendOutbox, ZResend } from "@server/messaging/resend-outbox";
import { filteredListLoader } from "~/http/filtered-list.server";

export const meta: Route.MetaFunction = (args) => metaFor("/admin/outbox", args);

export const loader = filteredListLoader("admin", ZOutboxFilters, listOutbox);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await parseThen(ZResend, fields, [], (input) => resendOutbox(admin, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Message queued", description: r.description }),
    failedTitle: "Not resent",
  });
}

const pageLink = (filters: TOutboxFilters, page: number) => `/admin/outbox${listQuery({ ...filters, page }, OUTBOX_FILTER_DEFAULTS)}`;
const STATUS_OPTIONS = Object.entries(OUTBOX_STATUSES);
const CHANNEL_OPTIONS = Object.entries(OUTBOX_CHANNELS);

// The word carries the meaning; the colour only groups: waiting (accent), done (brand), stopped (danger).
const TONE: Record<TOutboxStatus, string> = {
  queued: "border-accent/60 text-accent",
  sending: "border-accent/60 text-accent",
  sent: "border-brand/60 text-brand",
  failed: "border-danger/60 text-danger",
};

type TRow = Route.ComponentProps["loaderData"]["rows"][number];

function StatusBadge({ status }: { status: string }) {
  const s = status as TOutboxStatus;
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE[s] ?? "border-line text-muted"}`}
    >
      {OUTBOX_STATUSES[s] ?? status}
    </span>
  );
}

function ResendButton({ row }: { row: TRow }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { error, busy } = useActionToast(fetcher);
  // Nothing to do while it is being sent, or while it waits for its first try.
  if (row.status === "sending" || (row.status === "queued" && !row.lastError)) return null;
  const label = row.status === "sent" ? "Send again" : "Retry now";
  return (
    <div>
      <fetcher.Form method="post">
        <JsFlag />
        <input type="hidden" name="id" value={row.id} />
        <button
          type="submit"
          className={`${buttonClass.outline} w-full sm:w-auto`}
          disabled={busy}
          aria-label={`${label}: ${row.subject || row.kind} to ${row.recipient}`}
        >
          {busy ? "Queuing..." : label}
        </button>
      </fetcher.Form>
      <FormError message={error?.message} />
    </div>
  );
}

const OUTBOX_COLUMNS: TStaffColumn<TRow>[] = [
  {
    header: "Message",
    className: "md:min-w-56",
    cell: (row) => (
      <>
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">
          {OUTBOX_CHANNELS[row.channel as keyof typeof OUTBOX_CHANNELS] ?? row.channel} · {row.kind} · #{row.id}
        </p>
        <p className="break-words font-medium">{row.subject || "(no subject)"}</p>
        <p className="break-all text-sm text-muted">To {row.recipient}</p>
        {row.lastError ? (
          <p className="mt-2 break-words rounded-lg bg-danger/10 px-3 py-2 text-left text-sm text-danger" data-testid="outbox-error">
            <span className="font-semibold">Last error:</span> {row.lastError}
          </p>
        ) : null}
      </>
    ),
  },
  {
    header: "Status",
    cell: (row) => (
      <>
        <StatusBadge status={row.status} />
        <p className="mt-1 text-xs text-muted">
          {row.attempts} attempt{row.attempts === 1 ? "" : "s"}
        </p>
      </>
    ),
  },
  {
    header: "Provider",
    cell: (row) =>
      row.provider ? (
        <>
          <p>
            <span className="text-muted">Provider:</span> {row.provider}
          </p>
          {row.providerMessageId ? <p className="break-all font-mono text-xs text-muted">{row.providerMessageId}</p> : null}
        </>
      ) : (
        <p className="text-muted">Not delivered yet</p>
      ),
  },
  {
    header: "Times (Lagos)",
    className: "text-xs text-muted whitespace-nowrap",
    cell: (row) => (
      <>
        <p>Created {formatLagosDateTime(row.createdAt)}</p>
        {row.sentAt ? (
          <p>Sent {formatLagosDateTime(row.sentAt)}</p>
        ) : row.status === "queued" && new Date(row.nextAttemptAt) > new Date(row.createdAt) ? (
          <p>Next try {formatLagosDateTime(row.nextAttemptAt)}</p>
        ) : null}
      </>
    ),
  },
  { header: "Action", headerHidden: true, cell: (row) => <ResendButton row={row} /> },
];

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount } = loaderData;
  const filtered = filters.status !== "all" || filters.channel !== "all";
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header>
        <p className="text-sm">
          <Link to="/admin/dashboard" className="text-brand underline">
            Admin
          </Link>{" "}
          ·{" "}
          <Link to="/admin/mailbox" className="text-brand underline">
            Local mailbox
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-bold">Outbox</h1>
        <p className="mt-1 text-muted">
          Every e-mail and SMS the site has queued, newest first: who it went to, through which provider, and why it failed. Retry a failed
          one or send a sent one again.
        </p>
      </header>

      <StaffFilterForm label="Filter messages" className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <SelectField label="Status" name="status" defaultValue={filters.status} options={STATUS_OPTIONS}>
          <option value="all">All statuses</option>
        </SelectField>
        <SelectField label="Channel" name="channel" defaultValue={filters.channel} options={CHANNEL_OPTIONS}>
          <option value="all">All</option>
        </SelectField>
        <button type="submit" className={`${buttonClass.primary} col-span-2 sm:col-span-1`}>
          Apply
        </button>
      </StaffFilterForm>

      <StaffTable
        label="Messages"
        columns={OUTBOX_COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={() => ({ "data-testid": "outbox-row" })}
        count={{
          total,
          pageSize: OUTBOX_PAGE_SIZE,
          shown: rows.length,
          noun: "message",
          none: "No messages match.",
          testId: "outbox-count",
        }}
        empty={{ filtered: filtered, clearTo: "/admin/outbox", text: "E-mails and SMS appear here as soon as the site queues them." }}
        pages={{ page: page, pageCount: pageCount, hrefFor: (p) => pageLink(filters, p) }}
      />
    </div>
  );
}

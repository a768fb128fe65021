import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/privacy-requests";
import { parseThen } from "@domain/errors/app-error";
import { ZCompleteDeletion, ZDeclineDeletion } from "@domain/privacy/deletion-request-input";
import { DELETION_DUE_DAYS, DELETION_REQUEST_STATUSES, deletionDueLabel } from "@domain/privacy/deletion-requests";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { completeDeletion } from "@server/privacy/complete-deletion";
import { declineDeletionRequest } from "@server/privacy/decline-deletion-request";
import { listDeletionRequests, type TOpenDeletionRequest } from "@server/privacy/list-deletion-requests";
import { TextareaField } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { StaffPageHeader } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";

// People's requests to delete their data (docs/product/privacy-requests.md#staff): open ones with their due day and what
// holds them, "Complete deletion" and "Decline" with a reason; then the closed ones, with who decided and when.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/privacy-requests", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  return listDeletionRequests(page);
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  if (fields.intent === "decline") {
    const result = await parseThen(ZDeclineDeletion, fields, ["reason"], (input) => declineDeletionRequest(staff, input));
    return actionResponse(request, fields, result, {
      done: (r) => ({ type: "success", title: `${r.reference} declined`, description: "The person has been told why by e-mail." }),
      failedTitle: "Request not declined",
      back: "/staff/privacy-requests",
    });
  }
  const result = await parseThen(ZCompleteDeletion, fields, ["confirmed"], (input) => completeDeletion(staff, input.requestId));
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: `${r.reference} completed`,
      description: "The person's data is deleted; their orders stay without their details. They have been told by e-mail.",
    }),
    failedTitle: "Deletion not completed",
    back: "/staff/privacy-requests",
  });
}

const CLOSED_COLUMNS: TStaffColumn<Route.ComponentProps["loaderData"]["closed"]["rows"][number]>[] = [
  { header: "Request", rowHeader: true, className: "font-mono", cell: (r) => r.reference },
  {
    header: "Person",
    className: "break-words",
    cell: (r) =>
      r.person ? (
        <>
          {r.person.name}
          <br />
          <span className="text-muted">{r.person.email}</span>
        </>
      ) : (
        <span className="text-muted">Data deleted</span>
      ),
  },
  {
    header: "Outcome",
    cell: (r) => (
      <>
        {DELETION_REQUEST_STATUSES[r.status]}
        {r.declineReason ? <span className="block text-muted">{r.declineReason}</span> : null}
      </>
    ),
  },
  { header: "Received", className: "whitespace-nowrap", cell: (r) => formatLagosDate(r.requestedAt) },
  { header: "Closed", className: "whitespace-nowrap", cell: (r) => (r.closedAt ? formatLagosDateTime(r.closedAt) : "") },
  { header: "By", cell: (r) => (r.status === "withdrawn" ? "The person" : (r.decidedBy ?? "")) },
];

function OpenRequest({ r, busy }: { r: TOpenDeletionRequest; busy: boolean }) {
  const overdue = r.daysLeft < 0;
  const ready = r.holds.length === 0;
  return (
    <li className={`${cardClass} space-y-4`} data-testid="deletion-request-open">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">
          <span className="font-mono">{r.reference}</span> · <span className="break-words">{r.name}</span>
        </h3>
        <p
          className={`rounded-full px-3 py-1 text-sm font-semibold ${overdue ? "bg-danger text-danger-contrast" : r.daysLeft <= 7 ? "bg-accent text-accent-contrast" : "bg-surface-2"}`}
          data-testid="deletion-days-left"
        >
          {deletionDueLabel(r.daysLeft)}
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">E-mail</dt>
        <dd className="break-words">{r.email}</dd>
        <dt className="text-muted">Received</dt>
        <dd>{formatLagosDateTime(r.requestedAt)}</dd>
        <dt className="text-muted">Due</dt>
        <dd>{formatLagosDate(r.dueAt)}</dd>
        {r.forfeitsZavchargeBalance ? (
          <>
            <dt className="text-muted">ZavCharge wallet</dt>
            <dd>The person agreed to give up what is left in it.</dd>
          </>
        ) : null}
      </dl>
      <div className="text-sm" data-testid="deletion-holds">
        {ready ? (
          <p className="font-semibold text-brand">Nothing holds it: it can be completed now.</p>
        ) : (
          <>
            <p className="font-semibold">What holds it:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {r.holds.map((h) => (
                <li key={h.reason}>{h.reason}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Form method="post" className="space-y-3 rounded-xl border border-line p-4" aria-label={`Complete ${r.reference}`}>
          <input type="hidden" name="intent" value="complete" />
          <input type="hidden" name="requestId" value={r.id} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="confirmed" required disabled={!ready} className="mt-1 h-4 w-4 accent-danger" />
            <span>I have checked this request. Delete this person's data now: it cannot be undone.</span>
          </label>
          <button type="submit" className={buttonClass.danger} disabled={busy || !ready}>
            Complete deletion
          </button>
        </Form>
        <Form method="post" className="space-y-3 rounded-xl border border-line p-4" aria-label={`Decline ${r.reference}`}>
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="requestId" value={r.id} />
          <TextareaField
            label="Reason for declining"
            name="reason"
            rows={3}
            required
            minLength={10}
            maxLength={500}
            hint="Sent to the person. Say what keeps the data and when they can ask again."
          />
          <button type="submit" className={buttonClass.outline} disabled={busy}>
            Decline request
          </button>
        </Form>
      </div>
    </li>
  );
}

export default function PrivacyRequests({ loaderData }: Route.ComponentProps) {
  const { open, closed } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <StaffPageHeader
        title="Deletion requests"
        intro={`People who asked us to delete their account and personal data. The law gives us a month; we promise ${DELETION_DUE_DAYS} days. Orders and invoices stay, without the person's details.`}
      />

      <section aria-labelledby="open-requests" className="space-y-3">
        <h2 id="open-requests" className="text-xl font-bold">
          Open <span className="text-base font-normal text-muted">({open.length})</span>
        </h2>
        {open.length === 0 ? (
          <p className={`${cardClass} text-muted`}>No request is waiting.</p>
        ) : (
          <ul className="space-y-4">
            {open.map((r) => (
              <OpenRequest key={r.id} r={r} busy={busy} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="closed-requests" className="space-y-3">
        <h2 id="closed-requests" className="text-xl font-bold">
          Closed <span className="text-base font-normal text-muted">({closed.total})</span>
        </h2>
        {closed.total === 0 ? (
          <p className={`${cardClass} text-muted`}>No request has been closed yet.</p>
        ) : (
          <StaffTable
            label="Closed deletion requests, newest first"
            testId="deletion-requests-closed"
            columns={CLOSED_COLUMNS}
            rows={closed.rows}
            rowKey={(r) => r.id}
            rowProps={() => ({ "data-testid": "deletion-request-closed" })}
            empty={null}
          />
        )}
        <Pager page={closed.page} pageCount={closed.pageCount} hrefFor={(p) => `/staff/privacy-requests?page=${p}`} />
      </section>
    </div>
  );
}

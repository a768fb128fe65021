import { useEffect, useState, type FormEventHandler, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/appointments";
import { StatusBadge } from "~/components/appointments/status-badge";
import { Field, FormError, SearchField, SelectField } from "~/components/ui/field";
import { StaffList, StaffPageHeader, StaffFilterForm } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { allowedActions, APPOINTMENT_STATUSES, PAGE_SIZE, serviceLabel, STATUS_LABELS } from "@domain/appointments/appointments";
import { ZAppointmentFilters, type TAppointmentFilters } from "@domain/appointments/appointments-input";
import { formatCalendarDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { listAppointments } from "@server/appointments/list-appointments";
import { updateAppointmentStatus, ZAppointmentChange } from "@server/appointments/update-appointment-status";
import { parseThen } from "@domain/errors/app-error";
import { actionResponse } from "~/http/action-response.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { requireRole } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { filteredListLoader } from "~/http/filtered-list.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/appointments", args);

export const loader = filteredListLoader("staff", ZAppointmentFilters, listAppointments);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  // The form calls it "intent": a field named "action" would shadow the form's own action property.
  const input = { id: fields.id, action: fields.intent, technician: fields.technician };
  const result = await parseThen(ZAppointmentChange, input, ["technician"], (change) => updateAppointmentStatus(staff, change));
  return actionResponse(request, fields, result, {
    done: (r) => `${r.reference} ${STATUS_LABELS[r.status].toLowerCase()}`,
    failedTitle: "Not changed",
  });
}

const ACTION_LABELS = { confirm: "Confirm", complete: "Mark completed", cancel: "Cancel booking" } as const;

type TRow = Route.ComponentProps["loaderData"]["rows"][number];

/** One booking with the changes staff may make to it; each posts on its own, so rows do not interfere. */
function AppointmentRow({ row, hydrated }: { row: TRow; hydrated: boolean }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  const actions = allowedActions(row.status);
  // Each change posts its intent with the booking's id, and its button says what it does.
  const changeForm = (
    intent: keyof typeof ACTION_LABELS,
    tone: "primary" | "outline",
    form: { className?: string; noValidate?: boolean; onSubmit?: FormEventHandler<HTMLFormElement> } = {},
    fields?: ReactNode,
  ) => (
    <fetcher.Form method="post" action="/staff/appointments" {...form}>
      <input type="hidden" name="_js" value={hydrated ? "1" : "0"} />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="intent" value={intent} />
      {fields}
      <button type="submit" className={buttonClass[tone]} disabled={busy}>
        {ACTION_LABELS[intent]}
      </button>
    </fetcher.Form>
  );
  return (
    <li className={cardClass} data-testid="appointment-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm font-semibold">{row.reference}</p>
        <StatusBadge status={row.status} />
      </div>
      <h2 className="mt-2 text-lg font-semibold">
        {serviceLabel(row.serviceType)} for {row.name}
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Date</dt>
        <dd>{formatCalendarDate(row.preferredDate)}</dd>
        <dt className="text-muted">Location</dt>
        <dd>
          {row.location}, {row.state}
        </dd>
        <dt className="text-muted">Contact</dt>
        <dd className="break-words">
          <a href={`tel:${row.phone}`} className="text-brand underline">
            {row.phone}
          </a>{" "}
          ·{" "}
          <a href={`mailto:${row.email}`} className="text-brand underline">
            {row.email}
          </a>
        </dd>
        {row.technician ? (
          <>
            <dt className="text-muted">Technician</dt>
            <dd>{row.technician}</dd>
          </>
        ) : null}
        {row.notes ? (
          <>
            <dt className="text-muted">Notes</dt>
            <dd className="whitespace-pre-line break-words">{row.notes}</dd>
          </>
        ) : null}
        <dt className="text-muted">Booked</dt>
        <dd>
          {formatLagosDateTime(row.createdAt)}
          {row.userId ? " · signed in" : " · as a guest"}
        </dd>
      </dl>
      {actions.length > 0 ? (
        <div className="mt-4 space-y-3 border-t border-line pt-4">
          <FormError message={formError} />
          <div className="flex flex-wrap items-end gap-3">
            {actions.includes("confirm")
              ? changeForm(
                  "confirm",
                  "primary",
                  { className: "flex w-full flex-wrap items-end gap-2 sm:w-auto", noValidate: true },
                  <Field
                    className="min-w-0 grow sm:w-64 sm:grow-0"
                    label="Technician"
                    name="technician"
                    autoComplete="off"
                    placeholder="e.g. Engr. Kunle Ajayi"
                    maxLength={100}
                    error={fieldError("technician")}
                  />,
                )
              : null}
            {actions.includes("complete") ? changeForm("complete", "primary") : null}
            {actions.includes("cancel")
              ? changeForm("cancel", "outline", {
                  onSubmit: (e) => !confirm(`Cancel ${row.reference}? The customer will be told by e-mail.`) && e.preventDefault(),
                })
              : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}

function pageLink(filters: TAppointmentFilters, page: number) {
  const q = new URLSearchParams();
  if (filters.status !== "all") q.set("status", filters.status);
  if (filters.when !== "all") q.set("when", filters.when);
  if (filters.sort !== "newest") q.set("sort", filters.sort);
  if (filters.q) q.set("q", filters.q);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/staff/appointments?${s}` : "/staff/appointments";
}

export default function StaffAppointments({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount } = loaderData;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Service Appointments"
        intro="Consultation and installation bookings. Call each new booking within 24 hours, then confirm it with a technician."
      />

      <StaffFilterForm label="Filter appointments" className="grid grid-cols-2 gap-3 lg:grid-cols-[3fr_2fr_2fr_2fr_auto] lg:items-end">
        <SearchField className="col-span-2 lg:col-span-1" value={filters.q} placeholder="Name, e-mail or reference" />
        <SelectField label="Status" name="status" defaultValue={filters.status}>
          <option value="all">All statuses</option>
          {APPOINTMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField label="When" name="when" defaultValue={filters.when}>
          <option value="all">Any date</option>
          <option value="upcoming">Upcoming</option>
          <option value="past">Past</option>
        </SelectField>
        <div className="col-span-2 lg:col-span-1">
          <SelectField label="Order" name="sort" defaultValue={filters.sort}>
            <option value="newest">Newest first</option>
            <option value="soonest">Soonest visit</option>
          </SelectField>
        </div>
        <button type="submit" className={`${buttonClass.primary} col-span-2 lg:col-span-1`}>
          Apply
        </button>
      </StaffFilterForm>

      <StaffList
        count={{
          total,
          pageSize: PAGE_SIZE,
          shown: rows.length,
          noun: "booking",
          none: "No bookings match.",
          testId: "appointments-count",
        }}
        empty={{
          filtered: !!(filters.q || filters.status !== "all" || filters.when !== "all"),
          clearTo: "/staff/appointments",
          text: "New bookings from the services page appear here.",
        }}
        pages={{ page: page, pageCount: pageCount, hrefFor: (p) => pageLink(filters, p) }}
      >
        <ul className="space-y-4" aria-label="Bookings">
          {rows.map((row) => (
            <AppointmentRow key={`${row.id}-${row.status}`} row={row} hydrated={hydrated} />
          ))}
        </ul>
      </StaffList>
    </div>
  );
}

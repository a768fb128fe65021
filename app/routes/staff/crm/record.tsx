import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigate } from "react-router";
import type { Route } from "./+types/record";
import { CONSENT_LABEL, CRM_EMAIL_TEMPLATES, CRM_SOURCE_LABEL } from "@domain/crm/crm";
import {
  ZCrmAssign,
  ZCrmEmail,
  ZCrmNextAction,
  parseMergeQuery,
  ZCrmMerge,
  ZCrmMessagesAnswered,
  ZCrmNextActionDone,
  ZCrmNote,
  ZCrmStatus,
  ZCrmTags,
  ZCrmUntag,
} from "@domain/crm/crm-input";
import { parseThen, refuse } from "@domain/errors/app-error";
import { formatCalendarDate, formatLagosDate, formatLagosTimestamp, lagosToday } from "@domain/time/lagos-time";
import { addCrmNextAction } from "@server/crm/add-crm-next-action";
import { addCrmNote } from "@server/crm/add-crm-note";
import { assignCrmContacts } from "@server/crm/assign-crm-contacts";
import { completeCrmNextAction } from "@server/crm/complete-crm-next-action";
import { emailCrmContact } from "@server/crm/email-crm-contact";
import { getCrmContact } from "@server/crm/get-contact";
import { markCrmMessagesAnswered } from "@server/crm/mark-crm-messages-answered";
import { mergeCrmContacts, previewCrmMerge } from "@server/crm/merge-crm-contacts";
import { getCrmTimeline } from "@server/crm/get-contact-timeline";
import { setCrmContactInactive } from "@server/crm/set-crm-contact-inactive";
import { tagCrmContacts, untagCrmContact } from "@server/crm/tag-crm-contacts";
import { listTeam } from "@server/users/list-team";
import { CrmStatusBadge } from "~/components/crm/crm-badges";
import { CrmTimeline } from "~/components/crm/crm-timeline";
import { Field, FormError, TextareaField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink, DetailRow } from "~/components/ui/staff-page";
import { buttonClass, cardClass, inputClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// One customer record (docs/product/crm.md#the-record): details, timeline, next actions and the quick actions.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/crm/:id", args);

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const id = idOf(params.id);
  const contact = id ? await getCrmContact(id) : null;
  if (!contact) throw data("No such customer record", { status: 404 });
  const mergeWith = parseMergeQuery(new URL(request.url).searchParams);
  const [timeline, team, merge] = await Promise.all([
    getCrmTimeline(contact),
    listTeam(),
    mergeWith ? previewCrmMerge(contact.id, mergeWith) : Promise.resolve(null),
  ]);
  const { waitingMessages, ...details } = contact;
  return {
    waiting: waitingMessages.map((m) => ({ id: m.id, subject: m.subject, receivedAt: m.receivedAt.toISOString() })),
    merge: merge ? (merge.ok ? merge : { ok: false as const, message: merge.error.message, email: mergeWith }) : null,
    contact: {
      ...details,
      createdAt: contact.createdAt.toISOString(),
      lastActivityAt: contact.lastActivityAt.toISOString(),
      consentAt: contact.consentAt?.toISOString() ?? null,
      doneActions: contact.doneActions.map((a) => ({ ...a, doneAt: a.doneAt?.toISOString() ?? null })),
      nextActions: contact.nextActions.map((a) => ({ ...a, doneAt: null })),
    },
    timeline,
    team,
    today: lagosToday(),
    now: new Date().toISOString(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields: Record<string, string> = { ...(await readForm(request)), contactId: params.id };
  const back = `/staff/crm/${params.id}`;
  switch (fields.intent) {
    case "note":
      return actionResponse(request, fields, await parseThen(ZCrmNote, fields, ["body"], (i) => addCrmNote(staff, i)), {
        done: () => "Note added",
        failedTitle: "Note not added",
        back,
      });
    case "tag":
      return actionResponse(
        request,
        fields,
        await parseThen(ZCrmTags, fields, ["tags"], (i) => tagCrmContacts(staff, [i.contactId], i.tags)),
        {
          done: (r) => `Tagged ${r.tags.join(", ")}`,
          failedTitle: "Not tagged",
          back,
        },
      );
    case "untag":
      return actionResponse(request, fields, await parseThen(ZCrmUntag, fields, [], (i) => untagCrmContact(staff, i)), {
        done: (r) => `Tag ${r.tag} removed`,
        failedTitle: "Tag not removed",
        back,
      });
    case "assign":
      return actionResponse(
        request,
        fields,
        await parseThen(ZCrmAssign, fields, ["ownerId"], (i) => assignCrmContacts(staff, [i.contactId], i.ownerId)),
        {
          done: (r) => (r.changed === 0 ? "Nothing to change" : r.ownerName ? `Given to ${r.ownerName}` : "Nobody owns this record now"),
          failedTitle: "Owner not changed",
          back,
        },
      );
    case "status":
      return actionResponse(
        request,
        fields,
        await parseThen(ZCrmStatus, fields, [], (i) =>
          setCrmContactInactive(staff, { contactId: i.contactId, inactive: i.inactive === "yes" }),
        ),
        { done: (r) => (r.status === "inactive" ? "Marked inactive" : "Active again"), failedTitle: "Status not changed", back },
      );
    case "messages-answered":
      return actionResponse(
        request,
        fields,
        await parseThen(ZCrmMessagesAnswered, fields, [], (i) => markCrmMessagesAnswered(staff, i.contactId)),
        {
          done: (r) => (r.answered === 1 ? "Message marked answered" : `${r.answered} messages marked answered`),
          failedTitle: "Nothing marked",
          back,
        },
      );
    case "next-action":
      return actionResponse(
        request,
        fields,
        await parseThen(ZCrmNextAction, fields, ["title", "dueOn"], (i) => addCrmNextAction(staff, i)),
        {
          done: () => "Next action added",
          failedTitle: "Next action not added",
          back,
        },
      );
    case "next-action-done":
      return actionResponse(request, fields, await parseThen(ZCrmNextActionDone, fields, [], (i) => completeCrmNextAction(staff, i)), {
        done: (r) => `Done: ${r.title}`,
        failedTitle: "Not marked done",
        back,
      });
    case "merge": {
      const result = await parseThen(ZCrmMerge, fields, [], (i) => mergeCrmContacts(staff, { keepId: i.contactId, otherId: i.otherId }));
      return actionResponse(request, fields, result, {
        done: (r) => ({ type: "success", title: "Records merged", description: `${r.email} now belongs to this record.` }),
        failedTitle: "Not merged",
        back: `/staff/crm/${params.id}`,
      });
    }
    case "email":
      return actionResponse(
        request,
        fields,
        await parseThen(ZCrmEmail, fields, ["template", "subject", "body"], (i) => emailCrmContact(staff, i)),
        {
          done: (r) => ({ type: "success", title: "E-mail on its way", description: `To ${r.email}; its delivery shows in the timeline.` }),
          failedTitle: "E-mail not sent",
          back,
        },
      );
    default:
      return actionResponse(request, fields, refuse("invalid_input", "Unknown action"), {
        done: () => "",
        failedTitle: "Nothing changed",
        back,
      });
  }
}

/** A quick-action form: posts with the intent, shows refusals beside the fields, empties itself after success. */
function useQuickForm() {
  const fetcher = useFetcher<TActionAnswer>();
  const toast = useActionToast(fetcher);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) ref.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return { fetcher, ref, ...toast };
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={`${cardClass} space-y-3`} aria-labelledby={`panel-${title}`}>
      <h2 id={`panel-${title}`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function CrmRecord({ loaderData }: Route.ComponentProps) {
  const { contact, timeline, team, today } = loaderData;
  const answered = useFetcher<TActionAnswer>();
  useActionToast(answered, { errors: "toast" });
  const who = contact.name ?? contact.email;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/crm">Customers</BackLink>
        <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-bold break-all">
          {who} <CrmStatusBadge status={contact.status} />
        </h1>
        <p className="mt-1 text-muted break-all">
          <a href={`mailto:${contact.email}`} className="underline">
            {contact.email}
          </a>
          {contact.phone ? (
            <>
              {" · "}
              <a href={`tel:${contact.phone}`} className="underline">
                {contact.phone}
              </a>
            </>
          ) : null}
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          {loaderData.waiting.length ? (
            <WaitingMessages contactId={contact.id} waiting={loaderData.waiting} now={loaderData.now} answered={answered} />
          ) : null}
          <section className={cardClass} aria-labelledby="details-title">
            <h2 id="details-title" className="sr-only">
              Details
            </h2>
            <dl className="divide-y divide-line">
              <DetailRow label="Owner">{contact.ownerName ?? "Nobody yet"}</DetailRow>
              <DetailRow label="First met through">{CRM_SOURCE_LABEL[contact.source]}</DetailRow>
              <DetailRow label="Marketing e-mail">
                {CONSENT_LABEL[contact.consent]}
                {contact.consentAt ? ` (${contact.consentSource ?? ""}, ${formatLagosDate(contact.consentAt)})` : ""}
              </DetailRow>
              <DetailRow label="Paid orders">{contact.paidOrders}</DetailRow>
              <DetailRow label="Account">{contact.userId ? "Has an account" : "No account"}</DetailRow>
              <DetailRow label="First seen">{formatLagosTimestamp(contact.createdAt)}</DetailRow>
              <DetailRow label="Last activity">{formatLagosTimestamp(contact.lastActivityAt)}</DetailRow>
            </dl>
          </section>
          <NextActions contact={contact} today={today} />
          <section aria-labelledby="timeline-title" className="space-y-3">
            <h2 id="timeline-title" className="text-xl font-semibold">
              Timeline
            </h2>
            <CrmTimeline items={timeline} />
          </section>
        </div>
        <div className="space-y-6">
          <AssignPanel contactId={contact.id} ownerId={contact.ownerId} team={team} />
          <TagsPanel tags={contact.tags} />
          <NotePanel />
          <EmailPanel contactId={contact.id} consent={contact.consent} />
          <StatusPanel contactId={contact.id} inactive={contact.status === "inactive"} />
          <MergePanel contactId={contact.id} merge={loaderData.merge} />
        </div>
      </div>
    </div>
  );
}

type TContactView = Route.ComponentProps["loaderData"]["contact"];

/** Contact messages nobody has answered yet (docs/product/crm.md#waiting-messages): we promise an answer within 24 hours. */
function WaitingMessages({
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

function NextActions({ contact, today }: { contact: TContactView; today: string }) {
  const add = useQuickForm();
  const done = useFetcher<TActionAnswer>();
  useActionToast(done, { errors: "toast" });
  return (
    <Panel title="Next actions">
      {contact.nextActions.length === 0 ? (
        <p className="text-sm text-muted">Nothing planned.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="next-actions">
          {contact.nextActions.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {a.title}
                <span className={`ml-2 text-sm ${a.dueOn < today ? "font-semibold text-danger" : "text-muted"}`}>
                  {a.dueOn < today ? "overdue since" : "due"} {formatCalendarDate(a.dueOn)}
                </span>
              </span>
              <done.Form method="post">
                <JsFlag />
                <input type="hidden" name="intent" value="next-action-done" />
                <input type="hidden" name="actionId" value={a.id} />
                <button type="submit" className={buttonClass.outline}>
                  Done<span className="sr-only">: {a.title}</span>
                </button>
              </done.Form>
            </li>
          ))}
        </ul>
      )}
      <add.fetcher.Form method="post" ref={add.ref} className="grid gap-2 sm:grid-cols-[1fr_11rem_auto] sm:items-end">
        <JsFlag />
        <input type="hidden" name="intent" value="next-action" />
        <Field label="What needs doing" name="title" required maxLength={200} error={add.fieldError("title")} />
        <Field label="Due" name="dueOn" type="date" required min={today} defaultValue={today} error={add.fieldError("dueOn")} />
        <button type="submit" className={buttonClass.outline} disabled={add.busy}>
          Add
        </button>
      </add.fetcher.Form>
      {contact.doneActions.length ? (
        <details className="text-sm text-muted">
          <summary className="cursor-pointer">Recently done</summary>
          <ul className="mt-1 list-disc pl-5">
            {contact.doneActions.map((a) => (
              <li key={a.id}>
                {a.title} ({a.doneAt ? formatLagosDate(a.doneAt) : ""})
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Panel>
  );
}

function AssignPanel({ contactId, ownerId, team }: { contactId: number; ownerId: string | null; team: { id: string; name: string }[] }) {
  const f = useQuickForm();
  return (
    <Panel title="Owner">
      <f.fetcher.Form method="post" className="flex items-end gap-2">
        <JsFlag />
        <input type="hidden" name="intent" value="assign" />
        <div className="flex-1">
          <label htmlFor={`owner-${contactId}`} className="mb-1 block text-sm font-medium">
            Give the record to
          </label>
          <select id={`owner-${contactId}`} name="ownerId" defaultValue={ownerId ?? ""} className={inputClass} key={ownerId ?? ""}>
            <option value="">Nobody</option>
            {team.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.outline} disabled={f.busy}>
          Assign
        </button>
      </f.fetcher.Form>
      <FormError message={f.formError ?? f.fieldError("ownerId")} />
    </Panel>
  );
}

function TagsPanel({ tags }: { tags: string[] }) {
  const f = useQuickForm();
  const remove = useFetcher<TActionAnswer>();
  useActionToast(remove, { errors: "toast" });
  return (
    <Panel title="Tags">
      {tags.length === 0 ? (
        <p className="text-sm text-muted">No tags yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="record-tags">
          {tags.map((t) => (
            <li key={t} className="inline-flex items-center gap-1 rounded-md bg-surface-2 py-0.5 pl-2 text-sm">
              {t}
              <remove.Form method="post">
                <JsFlag />
                <input type="hidden" name="intent" value="untag" />
                <input type="hidden" name="tag" value={t} />
                <button
                  type="submit"
                  className="min-h-8 min-w-8 rounded-md text-muted hover:text-danger"
                  aria-label={`Remove the tag ${t}`}
                >
                  ×
                </button>
              </remove.Form>
            </li>
          ))}
        </ul>
      )}
      <f.fetcher.Form method="post" ref={f.ref} className="flex items-end gap-2">
        <JsFlag />
        <input type="hidden" name="intent" value="tag" />
        <Field
          label="Add tags"
          name="tags"
          required
          maxLength={400}
          placeholder="solar, lekki"
          hint="Commas between tags"
          error={f.fieldError("tags")}
          className="flex-1"
        />
        <button type="submit" className={`${buttonClass.outline} mb-5`} disabled={f.busy}>
          Tag
        </button>
      </f.fetcher.Form>
    </Panel>
  );
}

function NotePanel() {
  const f = useQuickForm();
  return (
    <Panel title="Note">
      <f.fetcher.Form method="post" ref={f.ref} className="space-y-2">
        <JsFlag />
        <input type="hidden" name="intent" value="note" />
        <TextareaField label="What happened, what was agreed" name="body" required maxLength={4000} rows={4} error={f.fieldError("body")} />
        <button type="submit" className={buttonClass.primary} disabled={f.busy}>
          Add note
        </button>
      </f.fetcher.Form>
    </Panel>
  );
}

function EmailPanel({ contactId, consent }: { contactId: number; consent: TContactView["consent"] }) {
  const f = useQuickForm();
  const [template, setTemplate] = useState<(typeof CRM_EMAIL_TEMPLATES)[number]>(CRM_EMAIL_TEMPLATES[0]);
  return (
    <Panel title="E-mail">
      {consent === "withdrawn" ? (
        <p className="rounded-lg bg-accent/10 p-2 text-sm">They opted out of marketing e-mail: write only about what they asked for.</p>
      ) : null}
      <f.fetcher.Form method="post" ref={f.ref} className="space-y-2" key={template.id}>
        <JsFlag />
        <input type="hidden" name="intent" value="email" />
        <div>
          <label htmlFor={`template-${contactId}`} className="mb-1 block text-sm font-medium">
            Start from
          </label>
          <select
            id={`template-${contactId}`}
            name="template"
            value={template.id}
            onChange={(e) => setTemplate(CRM_EMAIL_TEMPLATES.find((t) => t.id === e.target.value) ?? CRM_EMAIL_TEMPLATES[0])}
            className={inputClass}
          >
            {CRM_EMAIL_TEMPLATES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <Field label="Subject" name="subject" required maxLength={150} defaultValue={template.subject} error={f.fieldError("subject")} />
        <TextareaField
          label="Message"
          name="body"
          required
          maxLength={5000}
          rows={6}
          defaultValue={template.body}
          error={f.fieldError("body")}
        />
        <button type="submit" className={buttonClass.primary} disabled={f.busy}>
          Send e-mail
        </button>
      </f.fetcher.Form>
    </Panel>
  );
}

function StatusPanel({ contactId, inactive }: { contactId: number; inactive: boolean }) {
  const f = useQuickForm();
  return (
    <Panel title="Status">
      <p className="text-sm text-muted">
        {inactive
          ? "Marked inactive: anything they do on the site makes them active again."
          : "Lead, subscriber or customer follows from what they have done. Mark someone inactive who is no longer a prospect."}
      </p>
      <f.fetcher.Form method="post">
        <JsFlag />
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="inactive" value={inactive ? "no" : "yes"} />
        <button type="submit" className={buttonClass.outline} disabled={f.busy} id={`status-${contactId}`}>
          {inactive ? "Make active again" : "Mark inactive"}
        </button>
      </f.fetcher.Form>
      <p className="text-sm">
        <Link to={`/staff/crm?status=${inactive ? "inactive" : "lead"}`} className="text-brand underline">
          {inactive ? "All inactive records" : "All leads"}
        </Link>
      </p>
    </Panel>
  );
}

function MergePanel({ contactId, merge }: { contactId: number; merge: Route.ComponentProps["loaderData"]["merge"] }) {
  const f = useQuickForm();
  const navigate = useNavigate();
  // Once merged, the other address is no record of its own: the page drops its ?merge=.
  useEffect(() => {
    if (f.fetcher.state === "idle" && f.fetcher.data?.ok) void navigate(`/staff/crm/${contactId}`, { replace: true });
  }, [f.fetcher.state, f.fetcher.data, navigate, contactId]);
  return (
    <Panel title="Merge">
      <p className="text-sm text-muted">
        One person with two addresses: bring the other record into this one. This record keeps its address.
      </p>
      <Form method="get" className="flex items-end gap-2">
        <Field
          label="The other record's e-mail"
          name="merge"
          type="email"
          required
          maxLength={254}
          defaultValue={merge ? (merge.ok ? merge.other.email : (merge.email ?? "")) : ""}
          error={merge && !merge.ok ? merge.message : undefined}
          className="flex-1"
        />
        <button type="submit" className={`${buttonClass.outline} ${merge && !merge.ok ? "mb-7" : ""}`}>
          Check
        </button>
      </Form>
      {merge?.ok ? (
        <div className="space-y-2 rounded-lg border border-line p-3 text-sm" data-testid="merge-preview">
          <p>
            <strong>{merge.other.name ?? merge.other.email}</strong> ({merge.other.email}) would join this record:
          </p>
          <ul className="list-disc pl-5">
            <li>
              Name {merge.result.name ?? "—"}, phone {merge.result.phone ?? "—"}
            </li>
            <li>
              {merge.moving.activities} timeline entr{merge.moving.activities === 1 ? "y" : "ies"}, {merge.moving.actions} open next action
              {merge.moving.actions === 1 ? "" : "s"}
              {merge.moving.tags.length ? `, tags ${merge.moving.tags.join(", ")}` : ""}
            </li>
            <li>Marketing e-mail: {CONSENT_LABEL[merge.result.consent]}</li>
            <li>{merge.result.paidOrders} paid orders together</li>
          </ul>
          <f.fetcher.Form method="post">
            <JsFlag />
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="otherId" value={merge.other.id} />
            <button type="submit" className={buttonClass.primary} disabled={f.busy}>
              Merge {merge.other.email} into this record
            </button>
          </f.fetcher.Form>
        </div>
      ) : null}
    </Panel>
  );
}

import { data, useFetcher } from "react-router";
import type { Route } from "./+types/record";
import { CONSENT_LABEL, CRM_SOURCE_LABEL } from "@domain/crm/crm";
import { parseMergeQuery } from "@domain/crm/crm-input";
import { refuse } from "@domain/errors/app-error";
import { formatLagosDate, formatLagosTimestamp, lagosToday } from "@domain/time/lagos-time";
import { parseAddressId } from "@domain/http/outside-text";
import { getCrmContact } from "@server/crm/get-contact";
import { getCrmTimeline } from "@server/crm/get-contact-timeline";
import { previewCrmMerge } from "@server/crm/merge-crm-contacts";
import { listTeam } from "@server/users/list-team";
import { CrmStatusBadge } from "~/components/crm/crm-badges";
import { CrmTimeline } from "~/components/crm/crm-timeline";
import { MergePanel } from "~/components/crm/merge-panel";
import { NextActions } from "~/components/crm/next-actions";
import { AssignPanel, EmailPanel, NotePanel, StatusPanel, TagsPanel } from "~/components/crm/record-quick-actions";
import { WaitingMessages } from "~/components/crm/waiting-messages";
import { BackLink, DetailRow, StaffSection } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { intentOf } from "~/http/page-intents.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { CRM_RECORD_INTENTS } from "./record-actions.server";

// One customer record (docs/product/crm.md#the-record): details, timeline, next actions and the quick actions, whose
// intents are in record-actions.server.ts.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/crm/:id", args);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const id = parseAddressId(params.id);
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
  // The record is the one in the address, whatever the form says.
  const fields: Record<string, string> = { ...(await readForm(request)), contactId: params.id };
  const back = `/staff/crm/${params.id}`;
  const run = intentOf(CRM_RECORD_INTENTS, fields);
  if (run) return run(fields, { staff, request, back });
  return actionResponse(request, fields, refuse("invalid_input", "Unknown action"), {
    done: () => "",
    failedTitle: "Nothing changed",
    back,
  });
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
          <StaffSection titleId="timeline-title" title="Timeline" className="space-y-3">
            <CrmTimeline items={timeline} />
          </StaffSection>
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

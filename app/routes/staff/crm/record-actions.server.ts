import type { TViewer } from "@domain/access/roles";
import {
  ZCrmAssign,
  ZCrmEmail,
  ZCrmMerge,
  ZCrmMessagesAnswered,
  ZCrmNextAction,
  ZCrmNextActionDone,
  ZCrmNote,
  ZCrmStatus,
  ZCrmTags,
  ZCrmUntag,
} from "@domain/crm/crm-input";
import { parseThen } from "@domain/errors/app-error";
import { addCrmNextAction } from "@server/crm/add-crm-next-action";
import { addCrmNote } from "@server/crm/add-crm-note";
import { assignCrmContacts } from "@server/crm/assign-crm-contacts";
import { completeCrmNextAction } from "@server/crm/complete-crm-next-action";
import { emailCrmContact } from "@server/crm/email-crm-contact";
import { markCrmMessagesAnswered } from "@server/crm/mark-crm-messages-answered";
import { mergeCrmContacts } from "@server/crm/merge-crm-contacts";
import { setCrmContactInactive } from "@server/crm/set-crm-contact-inactive";
import { tagCrmContacts, untagCrmContact } from "@server/crm/tag-crm-contacts";
import { actionResponse } from "~/http/action-response.server";
import type { TPageIntents } from "~/http/page-intents.server";

// The customer record's quick actions (app/routes/staff/crm/record.tsx, docs/product/crm.md#the-record), one intent
// each. Each answers with its own toast, so an intent returns the page's response; the page's action has checked the
// caller is staff and put the record's id from the address in the fields.

/** What the record page's action knows: who asks, the request, and the record's page a form without JavaScript goes back to. */
export type TCrmRecordPage = { staff: TViewer; request: Request; back: string };

export type TCrmRecordAnswer = Awaited<ReturnType<typeof actionResponse>>;

export const CRM_RECORD_INTENTS: TPageIntents<TCrmRecordPage, TCrmRecordAnswer> = {
  note: async (fields, { staff, request, back }) =>
    actionResponse(request, fields, await parseThen(ZCrmNote, fields, ["body"], (i) => addCrmNote(staff, i)), {
      done: () => "Note added",
      failedTitle: "Note not added",
      back,
    }),
  tag: async (fields, { staff, request, back }) =>
    actionResponse(request, fields, await parseThen(ZCrmTags, fields, ["tags"], (i) => tagCrmContacts(staff, [i.contactId], i.tags)), {
      done: (r) => `Tagged ${r.tags.join(", ")}`,
      failedTitle: "Not tagged",
      back,
    }),
  untag: async (fields, { staff, request, back }) =>
    actionResponse(request, fields, await parseThen(ZCrmUntag, fields, [], (i) => untagCrmContact(staff, i)), {
      done: (r) => `Tag ${r.tag} removed`,
      failedTitle: "Tag not removed",
      back,
    }),
  assign: async (fields, { staff, request, back }) =>
    actionResponse(
      request,
      fields,
      await parseThen(ZCrmAssign, fields, ["ownerId"], (i) => assignCrmContacts(staff, [i.contactId], i.ownerId)),
      {
        done: (r) => (r.changed === 0 ? "Nothing to change" : r.ownerName ? `Given to ${r.ownerName}` : "Nobody owns this record now"),
        failedTitle: "Owner not changed",
        back,
      },
    ),
  status: async (fields, { staff, request, back }) =>
    actionResponse(
      request,
      fields,
      await parseThen(ZCrmStatus, fields, [], (i) =>
        setCrmContactInactive(staff, { contactId: i.contactId, inactive: i.inactive === "yes" }),
      ),
      { done: (r) => (r.status === "inactive" ? "Marked inactive" : "Active again"), failedTitle: "Status not changed", back },
    ),
  "messages-answered": async (fields, { staff, request, back }) =>
    actionResponse(request, fields, await parseThen(ZCrmMessagesAnswered, fields, [], (i) => markCrmMessagesAnswered(staff, i.contactId)), {
      done: (r) => (r.answered === 1 ? "Message marked answered" : `${r.answered} messages marked answered`),
      failedTitle: "Nothing marked",
      back,
    }),
  "next-action": async (fields, { staff, request, back }) =>
    actionResponse(request, fields, await parseThen(ZCrmNextAction, fields, ["title", "dueOn"], (i) => addCrmNextAction(staff, i)), {
      done: () => "Next action added",
      failedTitle: "Next action not added",
      back,
    }),
  "next-action-done": async (fields, { staff, request, back }) =>
    actionResponse(request, fields, await parseThen(ZCrmNextActionDone, fields, [], (i) => completeCrmNextAction(staff, i)), {
      done: (r) => `Done: ${r.title}`,
      failedTitle: "Not marked done",
      back,
    }),
  merge: async (fields, { staff, request, back }) =>
    actionResponse(
      request,
      fields,
      await parseThen(ZCrmMerge, fields, [], (i) => mergeCrmContacts(staff, { keepId: i.contactId, otherId: i.otherId })),
      {
        done: (r) => ({ type: "success", title: "Records merged", description: `${r.email} now belongs to this record.` }),
        failedTitle: "Not merged",
        back,
      },
    ),
  email: async (fields, { staff, request, back }) =>
    actionResponse(request, fields, await parseThen(ZCrmEmail, fields, ["template", "subject", "body"], (i) => emailCrmContact(staff, i)), {
      done: (r) => ({ type: "success", title: "E-mail on its way", description: `To ${r.email}; its delivery shows in the timeline.` }),
      failedTitle: "E-mail not sent",
      back,
    }),
};

import type { TViewer } from "@domain/access/roles";
import { crmQuery } from "@domain/crm/crm";
import { parseCrmFilters, parseIdList, ZCrmAssignMany, ZCrmTagMany, ZSavedView, ZSavedViewDelete } from "@domain/crm/crm-input";
import { parseThen } from "@domain/errors/app-error";
import { assignCrmContacts } from "@server/crm/assign-crm-contacts";
import { deleteCrmView, saveCrmView } from "@server/crm/saved-crm-views";
import { tagCrmContacts } from "@server/crm/tag-crm-contacts";
import { actionResponse, type TActionResponse } from "~/http/action-response.server";
import type { TPageIntents } from "~/http/page-intents.server";

// The CRM list's writes (docs/product/crm.md#the-list): bulk tag or assign the ticked records, save or delete a view.
// Called from the list's action after requireRole("staff").

/** The ticked records come as repeated `id` fields, so the bulk form's intent reads the whole form. */
export type TCrmListContext = { request: Request; staff: TViewer; form: FormData };

export const CRM_LIST_INTENTS: TPageIntents<TCrmListContext, TActionResponse> = {
  bulk: async (fields, { request, staff, form }) => {
    const ids = parseIdList(form.getAll("id").map(String).join(","));
    const plural = (n: number) => `${n} record${n === 1 ? "" : "s"}`;
    if (fields.bulk === "tag") {
      const result = await parseThen(ZCrmTagMany, fields, ["tags"], (input) => tagCrmContacts(staff, ids, input.tags));
      return actionResponse(request, fields, result, {
        done: (r) => `Tagged ${plural(r.contacts)}: ${r.tags.join(", ")}`,
        failedTitle: "Nothing tagged",
      });
    }
    const result = await parseThen(ZCrmAssignMany, fields, ["ownerId"], (input) => assignCrmContacts(staff, ids, input.ownerId));
    return actionResponse(request, fields, result, {
      done: (r) =>
        r.changed === 0
          ? "Nothing to change: they were already so"
          : r.ownerName
            ? `${plural(r.changed)} given to ${r.ownerName}`
            : `${plural(r.changed)} now without an owner`,
      failedTitle: "Nothing assigned",
    });
  },
  "save-view": async (fields, { request, staff }) => {
    // The query is parsed and written again: a saved view holds only the list's own filters.
    const result = await parseThen(ZSavedView, fields, ["name"], (input) =>
      saveCrmView(staff.id, { name: input.name, query: crmQuery({ ...parseCrmFilters(new URLSearchParams(input.query)), page: 1 }) }),
    );
    return actionResponse(request, fields, result, { done: (r) => `View "${r.name}" saved`, failedTitle: "View not saved" });
  },
  "delete-view": async (fields, { request, staff }) => {
    const result = await parseThen(ZSavedViewDelete, fields, [], (input) => deleteCrmView(staff.id, input.viewId));
    return actionResponse(request, fields, result, { done: () => "View deleted", failedTitle: "View not deleted" });
  },
};

import { data, redirect } from "react-router";
import type { TViewer } from "@domain/access/roles";
import { refuse, type TResult } from "@domain/errors/app-error";
import { parseMappingForm } from "@domain/migration/migration-input";
import { cancelMigrationRun } from "@server/migration/cancel-migration-run";
import { checkMigrationRun } from "@server/migration/check-migration-run";
import { getMigrationRun } from "@server/migration/get-migration-run";
import { startMigrationRun } from "@server/migration/start-migration-run";
import { actionResponse, formRefusal, type TActionResponse } from "~/http/action-response.server";
import type { TPageIntents } from "~/http/page-intents.server";

// One run of the data migration (docs/product/data-migration.md): the dry run of the matched columns, the import, or
// cancelling it. Called from the run page's action after requireRole("admin").

export type TMigrationRunContext = { request: Request; admin: TViewer; id: number };

type TMigrationRunAnswer = TActionResponse | ReturnType<typeof formRefusal>;

/** How the page answers a start; a form it does not have is refused the same way, as a start not made. */
export const answerStart = (request: Request, fields: Record<string, string>, id: number, result: TResult<object>) =>
  actionResponse(request, fields, result, { done: () => "Import started", failedTitle: "Not started", back: `/admin/migration/${id}` });

export const MIGRATION_RUN_INTENTS: TPageIntents<TMigrationRunContext, TMigrationRunAnswer> = {
  check: async (fields, { admin, id }) => {
    const run = await getMigrationRun(id);
    if (!run) throw data("No such import", { status: 404 });
    const parsed = parseMappingForm(run.kind, fields);
    const result = "problem" in parsed ? refuse("invalid_input", parsed.problem) : await checkMigrationRun(admin, id, parsed.mapping);
    if (!result.ok) return formRefusal(result, fields);
    return redirect(`/admin/migration/${id}`);
  },
  cancel: async (fields, { request, admin, id }) => {
    const result = await cancelMigrationRun(admin, id);
    if (result.ok) return redirect("/admin/migration");
    return actionResponse(request, fields, result, { done: () => "", failedTitle: "Not cancelled" });
  },
  start: async (fields, { request, admin, id }) => answerStart(request, fields, id, await startMigrationRun(admin, id)),
};

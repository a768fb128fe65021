import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { Field, FormError } from "~/components/ui/field";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { savedSettingsFlash, SettingsGroupForm } from "~/components/admin/settings-group-form";
import { parseThen, refuse, succeed } from "@domain/errors/app-error";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { formRefusalIn } from "~/lib/action-answer";
import { formRefusal } from "~/http/action-response.server";
import { metaFor } from "~/lib/meta";
import { SETTING_GROUPS, type TSettingGroup } from "@domain/settings/settings";
import { listRecentAudit } from "@server/audit/list-audit";
import { getSettingsFrom, requireRole } from "~/http/access.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { resetSettings } from "@server/settings/reset-settings";
import { saveSettingsGroup } from "@server/settings/save-settings-group";
import { issueStaffCode, ZIssueStaffCode } from "@server/users/issue-staff-code";
import { listStaffCodes } from "@server/users/list-staff-codes";
import { revokeStaffCode } from "@server/users/revoke-staff-code";
import { StaffSection } from "~/components/ui/staff-page";

export const meta: Route.MetaFunction = (args) => metaFor("/admin/settings", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const [codes, audit] = await Promise.all([listStaffCodes(), listRecentAudit()]);
  return { settings: getSettingsFrom(context), codes, audit };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  switch (fields.intent) {
    case "save": {
      const saved = await saveSettingsGroup(admin.id, fields, getSettingsFrom(context));
      if (!saved.ok) return formRefusal(saved, fields);
      return redirectWithFlash("/admin/settings", savedSettingsFlash(saved));
    }
    case "reset": {
      const changed = await resetSettings(admin.id);
      return redirectWithFlash("/admin/settings", {
        type: "success",
        title: "Settings reset",
        description: `${changed.length} setting${changed.length === 1 ? "" : "s"} restored to the default.`,
      });
    }
    case "issue-code": {
      const issued = await parseThen(ZIssueStaffCode, fields, ["department", "note"], async (input) =>
        succeed({ code: await issueStaffCode(admin.id, input) }),
      );
      if (!issued.ok) return formRefusal(issued, fields);
      const { code } = issued;
      return redirectWithFlash("/admin/settings#staff-codes", {
        type: "success",
        title: "Staff code issued",
        description: `${code.code} for ${code.department}`,
      });
    }
    case "revoke-code": {
      const ok = await revokeStaffCode(admin.id, Number(fields.id));
      return redirectWithFlash(
        "/admin/settings#staff-codes",
        ok ? { type: "success", title: "Staff code revoked" } : { type: "error", title: "That code is already used or revoked" },
      );
    }
    default:
      return formRefusal(refuse("invalid_input", "Unknown action"), fields);
  }
}

type TStaffCodeRow = Route.ComponentProps["loaderData"]["codes"][number];
const CODE_COLUMNS: TStaffColumn<TStaffCodeRow>[] = [
  { header: "Code", className: "font-mono", cell: (c) => c.code },
  { header: "Department", cell: (c) => c.department },
  { header: "Status", cell: (c) => (c.revokedAt ? "Revoked" : c.usedAt ? `Used${c.usedBy ? ` by ${c.usedBy}` : ""}` : "Unused") },
  {
    header: "Actions",
    headerHidden: true,
    align: "end",
    cell: (c) =>
      !c.usedAt && !c.revokedAt ? (
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-code" />
          <input type="hidden" name="id" value={c.id} />
          <button type="submit" className={buttonClass.ghost} aria-label={`Revoke ${c.code}`}>
            Revoke
          </button>
        </Form>
      ) : null,
  },
];

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { settings, codes, audit } = loaderData;
  const failed = formRefusalIn(actionData);
  /** The refused form's messages, for the group (or staff-code form) it came from. */
  const errorsOf = (intent: string, group?: string) =>
    failed && failed.values.intent === intent && (!group || failed.values.group === group) ? (failed.error.fieldErrors ?? {}) : {};
  const formError = failed && !failed.error.fieldErrors ? failed.error.message : null;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Admin Settings</h1>
          <p className="text-muted">Changes apply to every visitor at once and are recorded in the audit log.</p>
        </div>
        <Form method="post" onSubmit={(e) => !confirm("Restore every setting to its default?") && e.preventDefault()}>
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className={buttonClass.outline}>
            Reset to defaults
          </button>
        </Form>
      </header>

      {(Object.keys(SETTING_GROUPS) as TSettingGroup[]).map((group) => (
        <SettingsGroupForm key={group} group={group} settings={settings} errors={errorsOf("save", group)} busy={busy} />
      ))}

      <StaffSection titleId="codes-title" title="Staff codes" id="staff-codes" className={cardClass}>
        <p className="text-sm text-muted">A new colleague registers as staff with a code. Each code works once.</p>
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="issue-code" />
          <Field label="Department" name="department" placeholder="Sales" error={errorsOf("issue-code").department} />
          <Field label="Note (optional)" name="note" placeholder="For the new Ibadan technician" />
          <button type="submit" className={buttonClass.primary}>
            Issue code
          </button>
        </Form>
        <div className="mt-4">
          <StaffTable label="Staff codes" framed={false} columns={CODE_COLUMNS} rows={codes} rowKey={(c) => c.id} empty={null} />
        </div>
      </StaffSection>

      <section className={cardClass} aria-labelledby="audit-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="audit-title" className="text-xl font-semibold">
            Recent changes
          </h2>
          <Link to="/admin/audit" className="text-sm text-brand underline">
            The whole audit log
          </Link>
        </div>
        <FormError message={formError} />
        {audit.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No changes yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line text-sm">
            {audit.map((a) => (
              <li key={a.id} className="py-2" data-testid="audit-entry">
                <span className="font-medium">{a.action}</span> {a.resourceId} by {a.actor ?? "system"}{" "}
                <span className="text-muted">
                  {formatLagosTimestamp(a.createdAt)}: {JSON.stringify(a.oldData)} → {JSON.stringify(a.newData)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

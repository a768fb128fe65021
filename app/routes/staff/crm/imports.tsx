import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/imports";
import { normaliseTag } from "@domain/crm/crm";
import { MAX_IMPORT_ROWS } from "@domain/crm/crm-import";
import { refuse } from "@domain/errors/app-error";
import { listCrmImports } from "@server/crm/get-crm-import";
import { prepareCrmImport } from "@server/crm/prepare-crm-import";
import { Field, FormError, TextareaField } from "~/components/ui/field";
import { CsvFileField, EarlierImports } from "~/components/staff/csv-import";
import { BackLink } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { readCsvUpload } from "~/http/csv-upload.server";
import { readFormData, textFields } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// The CRM import (docs/product/crm.md#import): a CSV file or pasted rows, checked into a preview before anything is
// imported.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/crm/imports", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const imports = await listCrmImports();
  return { imports: imports.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })) };
}

const STATUS_LABEL = {
  ready: "Waiting for your check",
  queued: "Importing",
  done: "Imported",
  cancelled: "Cancelled",
  stopped: "Stopped",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const form = await readFormData(request);
  const fields = textFields(form);
  const values = { pasted: fields.pasted ?? "", tags: fields.tags ?? "", consent: fields.consent ?? "" };
  const upload = await readCsvUpload(form);
  if (upload && "ok" in upload) return formRefusal(upload, values);
  const text = upload?.text ?? fields.pasted?.trim() ?? "";
  const fileName = upload?.fileName ?? "Pasted list";
  if (!text) return formRefusal(refuse("invalid_input", "Choose a CSV file or paste the rows", { field: "file" }), values);
  const tags = [...new Set((fields.tags ?? "").split(",").map(normaliseTag).filter(Boolean))].slice(0, 5);
  const result = await prepareCrmImport(staff, { fileName, text, consent: fields.consent === "yes", tags });
  if (!result.ok) return formRefusal(result, values);
  return redirect(`/staff/crm/imports/${result.importId}`);
}

export default function CrmImports({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = formRefusalIn(actionData);
  const busy = useNavigation().state === "submitting";
  const error = refusal?.error;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/crm">Customers</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Import customers</h1>
        <p className="mt-1 text-muted">
          A CSV file (up to 5 MB and {MAX_IMPORT_ROWS.toLocaleString("en-NG")} rows) or rows pasted from a spreadsheet. The first line names
          the columns: Email, and if you have them Name (or First name and Last name), Phone and Tags. You see what would happen before
          anything is imported.
        </p>
      </header>
      <Form method="post" encType="multipart/form-data" className={`${cardClass} space-y-4`} aria-label="Import a list">
        <FormError message={error && !error.field ? error.message : null} />
        <CsvFileField error={error} hint="Saved from a spreadsheet as CSV UTF-8" />
        <TextareaField
          label="Or paste the rows"
          name="pasted"
          rows={6}
          defaultValue={refusal?.values.pasted ?? ""}
          placeholder={"Name,Email,Phone\nNgozi Okafor,ngozi@example.ng,0803 123 4567"}
        />
        <Field
          label="Tags for everyone in the list"
          name="tags"
          maxLength={200}
          defaultValue={refusal?.values.tags ?? ""}
          placeholder="trade-fair-2026, lagos"
          hint="Up to 5, commas between"
        />
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="consent"
            value="yes"
            defaultChecked={refusal?.values.consent === "yes"}
            className="mt-0.5 h-5 w-5 accent-brand"
          />
          <span>
            The people in this list agreed to receive marketing e-mail from Zavolah (for example, they ticked a box on our sign-up sheet).
            Someone who opted out stays opted out.
          </span>
        </label>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Checking the list…" : "Check the list"}
        </button>
      </Form>
      <EarlierImports
        titleId="history-title"
        empty="No list imported yet."
        imports={loaderData.imports.map((i) => ({
          id: i.id,
          to: `/staff/crm/imports/${i.id}`,
          fileName: i.fileName,
          status: STATUS_LABEL[i.status as keyof typeof STATUS_LABEL] ?? i.status,
          figures: `${i.total.toLocaleString("en-NG")} rows · ${i.created} new, ${i.merged} merged, ${i.failed} failed`,
          byName: i.byName,
          createdAt: i.createdAt,
        }))}
      />
    </div>
  );
}

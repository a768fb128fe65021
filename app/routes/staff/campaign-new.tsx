import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/campaign-new";
import { boundField, Field, FormError, TextareaField } from "~/components/ui/field";
import { RadioCard } from "~/components/ui/radio-card";
import { StaffCard, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { countMarketingAudience, createCampaign } from "@server/campaigns/create-campaign";
import { mailDomain } from "@server/env";
import { redirectWithFlash } from "~/http/form.server";
import { formRefusal } from "~/http/action-response.server";
import { formErrorsIn, formRefusalIn } from "~/lib/action-answer";
import { parseThen, refuse } from "@domain/errors/app-error";
import { ZCampaignInput } from "@server/campaigns/campaign-input";
import { readFormData } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/campaigns/new", args);

const MAX_IMPORT_BYTES = 1024 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  return { domain: mailDomain(), audienceCount: await countMarketingAudience() };
}

/** The form's text fields, plus the text of an imported .csv or .txt list added to the pasted one. */
async function readCampaignForm(request: Request): Promise<{ fields: Record<string, string>; importError?: string }> {
  const form = await readFormData(request);
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const file = form.get("listFile");
  if (file && typeof file !== "string" && file.size > 0) {
    if (!/\.(csv|txt)$/i.test(file.name)) return { fields, importError: "Import a .csv or .txt file" };
    if (file.size > MAX_IMPORT_BYTES) return { fields, importError: "The imported file is too large (1 MB at most)" };
    fields.recipients = [fields.recipients ?? "", await file.text()].join("\n");
  }
  return { fields };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const { fields, importError } = await readCampaignForm(request);
  const values = { ...fields, recipients: (fields.recipients ?? "").slice(0, 200_000) };
  if (importError) return formRefusal(refuse("invalid_input", importError, { field: "recipients" }), values);
  const result = await parseThen(ZCampaignInput, fields, Object.keys(ZCampaignInput.shape), (input) => createCampaign(staff, input));
  if (!result.ok) return formRefusal(result, values);
  return redirectWithFlash(`/staff/campaigns/${result.id}`, {
    type: "success",
    title: "Campaign sending",
    description: "E-mails go out in batches of 50; follow them here.",
  });
}

export default function NewCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { domain, audienceCount } = loaderData;
  const failed = formRefusalIn(actionData);
  const errors = formErrorsIn(failed);
  const v: Record<string, string | undefined> = failed?.values ?? {};
  const field = boundField(v, errors);
  const sending = useNavigation().state === "submitting";
  const audience = v.audience ?? "subscribers";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="New campaign"
        intro="Write the e-mail, choose who gets it, and send. Only people who agreed to marketing e-mail receive it."
      />
      <Form method="post" encType="multipart/form-data" className="group space-y-6" aria-label="Compose campaign">
        <FormError message={errors.form} />
        <StaffCard titleId="sender-title" title="Sender and message">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Sender name" {...field("senderName", "Zavolah")} required maxLength={100} />
            <Field
              label="Sender e-mail"
              {...field("senderEmail", `news@${domain}`)}
              type="email"
              hint={`An address at ${domain}, so mail providers accept it`}
              required
            />
          </div>
          <Field label="Subject" {...field("subject")} required maxLength={200} />
          <TextareaField
            label="Message (HTML)"
            {...field("html")}
            rows={10}
            hint="Headings, paragraphs, links, images and tables are kept; scripts and styles are removed. An unsubscribe link is added."
            required
            className="font-mono"
          />
          <Field
            label="Logo URL (optional)"
            {...field("logoUrl")}
            hint="An https:// address or a path on this site, such as /favicon.svg"
          />
        </StaffCard>

        <fieldset className={`${cardClass} space-y-4`}>
          <legend className="float-left mb-2 w-full text-lg font-semibold">Recipients</legend>
          <div className="clear-both grid gap-3">
            <RadioCard
              name="audience"
              value="subscribers"
              defaultChecked={audience === "subscribers"}
              title="All subscribers who agreed to marketing"
              detail={`${audienceCount.toLocaleString("en-NG")} ${audienceCount === 1 ? "person" : "people"}: confirmed newsletter subscribers and customers with marketing e-mail on`}
            />
            <RadioCard
              name="audience"
              value="list"
              id="audience-list"
              defaultChecked={audience === "list"}
              title="A list I paste or import"
              detail="Addresses are checked one by one; duplicates are removed"
            />
          </div>
          {errors.audience ? <FormError message={errors.audience} /> : null}
          {/* Shown when "A list" is chosen; pure CSS, so it works before the page's script loads. */}
          <div className="hidden space-y-4 group-has-[#audience-list:checked]:block" data-testid="list-fields">
            <TextareaField
              label="E-mail addresses"
              {...field("recipients")}
              rows={8}
              hint="One a line, or separated by commas. CSV rows (address, name) work too."
            />
            <div>
              <label htmlFor="list-file" className="mb-1 block text-sm font-medium">
                Or import a .csv or .txt file
              </label>
              <input
                id="list-file"
                type="file"
                name="listFile"
                accept=".csv,.txt,text/csv,text/plain"
                className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:font-semibold"
              />
            </div>
            <label className="flex items-start gap-3 rounded-xl border border-line p-4">
              <input
                type="checkbox"
                name="attest"
                defaultChecked={v.attest === "on"}
                className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--brand)]"
              />
              <span className="text-sm">
                <span className="block font-semibold">Everyone on this list agreed to receive marketing e-mail from Zavolah</span>
                <span className="block text-muted">
                  They are added to the newsletter as subscribers (source: import). Without this, only existing subscribers on the list are
                  sent to. People who unsubscribed are always skipped.
                </span>
              </span>
            </label>
          </div>
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={sending}>
            {sending ? "Sending…" : "Send campaign"}
          </button>
        </div>
      </Form>
    </div>
  );
}

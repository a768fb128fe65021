import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { CRM_EMAIL_TEMPLATES, type TConsent } from "@domain/crm/crm";
import { Panel } from "~/components/crm/record-panel";
import { Field, FormError, SelectField, TextareaField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, useClearingForm, type TActionAnswer } from "~/lib/action-answer";

// The customer record's side panels (docs/product/crm.md#the-record): its owner, tags, a note, an e-mail and its
// status, each a form of its own that empties itself after success.

export function AssignPanel({
  contactId,
  ownerId,
  team,
}: {
  contactId: number;
  ownerId: string | null;
  team: { id: string; name: string }[];
}) {
  const f = useClearingForm();
  return (
    <Panel title="Owner">
      <f.fetcher.Form method="post" className="flex items-end gap-2">
        <JsFlag />
        <input type="hidden" name="intent" value="assign" />
        <SelectField
          key={ownerId ?? ""}
          id={`owner-${contactId}`}
          label="Give the record to"
          name="ownerId"
          defaultValue={ownerId ?? ""}
          placeholder="Nobody"
          options={team.map((m) => [m.id, m.name] as const)}
          className="flex-1"
        />
        <button type="submit" className={buttonClass.outline} disabled={f.busy}>
          Assign
        </button>
      </f.fetcher.Form>
      <FormError message={f.formError ?? f.fieldError("ownerId")} />
    </Panel>
  );
}

export function TagsPanel({ tags }: { tags: string[] }) {
  const f = useClearingForm();
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

export function NotePanel() {
  const f = useClearingForm();
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

export function EmailPanel({ contactId, consent }: { contactId: number; consent: TConsent }) {
  const f = useClearingForm();
  const [template, setTemplate] = useState<(typeof CRM_EMAIL_TEMPLATES)[number]>(CRM_EMAIL_TEMPLATES[0]);
  return (
    <Panel title="E-mail">
      {consent === "withdrawn" ? (
        <p className="rounded-lg bg-accent/10 p-2 text-sm">They opted out of marketing e-mail: write only about what they asked for.</p>
      ) : null}
      <f.fetcher.Form method="post" ref={f.ref} className="space-y-2" key={template.id}>
        <JsFlag />
        <input type="hidden" name="intent" value="email" />
        <SelectField
          id={`template-${contactId}`}
          label="Start from"
          name="template"
          value={template.id}
          onChange={(e) => setTemplate(CRM_EMAIL_TEMPLATES.find((t) => t.id === e.target.value) ?? CRM_EMAIL_TEMPLATES[0])}
          options={CRM_EMAIL_TEMPLATES.map((t) => [t.id, t.label] as const)}
        />
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

export function StatusPanel({ contactId, inactive }: { contactId: number; inactive: boolean }) {
  const f = useClearingForm();
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

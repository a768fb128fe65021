import { useEffect } from "react";
import { Form, useNavigate } from "react-router";
import { CONSENT_LABEL, type TConsent } from "@domain/crm/crm";
import { Panel } from "~/components/crm/record-panel";
import { Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useClearingForm } from "~/lib/action-answer";

// Merging two records of one person (docs/product/crm.md#the-record): the other's e-mail is checked first, the
// preview says what moves over, then one button merges.

/** The loader's preview of a merge, or why the address given cannot be merged. */
export type TMergePreview =
  | {
      ok: true;
      other: { id: number; email: string; name: string | null };
      result: { name: string | null; phone: string | null; consent: TConsent; paidOrders: number };
      moving: { activities: number; actions: number; tags: string[] };
    }
  | { ok: false; message: string; email: string | null };

export function MergePanel({ contactId, merge }: { contactId: number; merge: TMergePreview | null }) {
  const f = useClearingForm();
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

import { useFetcher } from "react-router";
import type { Route } from "./+types/plans";
import { parseThen, refuse } from "@domain/errors/app-error";
import { koboToNairaInput } from "@domain/money/money";
import { formatKobo } from "@domain/money/money";
import { PLAN_FORM_FIELDS, ZPlanFields } from "@domain/zavcharge/accounts/plan-input";
import { listAllPlans } from "@server/zavcharge/accounts/list-all-plans";
import { savePlan } from "@server/zavcharge/accounts/save-plan";
import { Field, FormError, WholeNumberField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/plans", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const plans = await listAllPlans();
  return { plans: plans.map((p) => ({ ...p, price: koboToNairaInput(p.priceKobo) })) };
}

/** Add or edit a plan (docs/product/zavcharge.md#plans): admins only, audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const planId = fields.planId ? Number(fields.planId) : null;
  const result =
    planId !== null && !Number.isSafeInteger(planId)
      ? refuse("not_found", "That plan does not exist.")
      : await parseThen(ZPlanFields, fields, PLAN_FORM_FIELDS, (input) => savePlan(admin, planId, input));
  return actionResponse(request, fields, result, {
    done: (r) => (planId === null ? `${r.name} added` : `${r.name} saved`),
    failedTitle: "Plan not saved",
  });
}

type TPlan = Route.ComponentProps["loaderData"]["plans"][number];

function PlanForm({ plan }: { plan?: TPlan }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  return (
    <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end" noValidate>
      <JsFlag />
      {plan ? <input type="hidden" name="planId" value={plan.id} /> : null}
      <div className="sm:col-span-5">
        <FormError message={formError} />
      </div>
      <Field label="Name" name="name" defaultValue={plan?.name ?? ""} required error={fieldError("name")} />
      <Field label="Price (₦)" name="price" inputMode="decimal" defaultValue={plan?.price ?? ""} required error={fieldError("price")} />
      <WholeNumberField
        label="Days"
        name="periodDays"
        min={1}
        max={366}
        defaultValue={plan?.periodDays ?? 30}
        required
        error={fieldError("periodDays")}
      />
      <WholeNumberField
        label="Position"
        name="sortOrder"
        min={0}
        max={99}
        defaultValue={plan?.sortOrder ?? 10}
        error={fieldError("sortOrder")}
      />
      <div className="flex items-center gap-3 sm:pb-1">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={plan?.active ?? true} className="h-4 w-4 accent-[var(--brand)]" />
          Offered
        </label>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Saving..." : plan ? "Save" : "Add plan"}
        </button>
      </div>
      {fieldError("active") ? (
        <p className="text-sm text-danger sm:col-span-5" role="alert">
          {fieldError("active")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export default function ZavChargePlans({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:py-10">
      <BackLink to="/staff/zavcharge">ZavCharge</BackLink>
      <StaffPageHeader
        title="ZavCharge plans"
        intro="Plans drivers renew to. New accounts start on Monthly; a price change applies from the next renewal."
      />
      <ul className="space-y-4" aria-label="Plans">
        {loaderData.plans.map((p) => (
          <li key={p.id} className={cardClass} data-testid="plan">
            <p className="mb-3 text-sm text-muted">
              <span className="font-semibold text-fg">{p.name}</span>: {formatKobo(p.priceKobo)} for {p.periodDays} days
              {p.active ? "" : " (withdrawn)"}
            </p>
            <PlanForm plan={p} />
          </li>
        ))}
      </ul>
      <section aria-labelledby="new-plan" className={cardClass}>
        <h2 id="new-plan" className="mb-3 text-lg font-bold">
          Add a plan
        </h2>
        <PlanForm />
      </section>
    </div>
  );
}

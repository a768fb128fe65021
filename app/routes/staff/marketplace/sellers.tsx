import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/sellers";
import { parseThen } from "@domain/errors/app-error";
import { SELLER_KIND_LABEL } from "@domain/marketplace/marketplace";
import { ZSellerSuspension } from "@domain/marketplace/seller-application-input";
import { formatLagosDate } from "@domain/time/lagos-time";
import { listSellers } from "@server/marketplace/list-sellers";
import { setSellerSuspension } from "@server/marketplace/set-seller-suspension";
import { Field, FormError } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink } from "~/components/ui/staff-page";
import { buttonClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/marketplace/sellers", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  return { sellers: await listSellers() };
}

/** Suspend a seller with a reason, or lift it (docs/product/marketplace.md#suspension); audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await parseThen(ZSellerSuspension, fields, ["reason"], (input) => setSellerSuspension(admin, input));
  return actionResponse(request, fields, result, {
    done: (r) => (r.suspended ? `${r.displayName} suspended` : `${r.displayName} reinstated`),
    failedTitle: "Not changed",
  });
}

type TSeller = Route.ComponentProps["loaderData"]["sellers"][number];

function SuspensionForm({ seller }: { seller: TSeller }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  const suspended = seller.status === "suspended";
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
      <JsFlag />
      <input type="hidden" name="sellerId" value={seller.id} />
      <input type="hidden" name="suspend" value={suspended ? "false" : "true"} />
      {suspended ? null : <Field className="min-w-56 flex-1" label="Reason for suspending" name="reason" error={fieldError("reason")} />}
      <button type="submit" className={suspended ? buttonClass.outline : buttonClass.danger} disabled={busy}>
        {suspended ? "Lift the suspension" : "Suspend"}
      </button>
      <div className="w-full">
        <FormError message={formError} />
      </div>
    </fetcher.Form>
  );
}

export default function Sellers({ loaderData }: Route.ComponentProps) {
  const { sellers } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/marketplace/applications">Seller applications</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Marketplace sellers</h1>
        <p className="mt-1 text-muted">A suspended seller&apos;s store and listings are hidden and their payouts held until you lift it.</p>
      </header>
      {sellers.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
          No sellers yet: approve an application first.
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {sellers.map((s) => (
            <li key={s.id} className="space-y-3 p-4" data-testid="seller-row">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  {s.status === "active" ? (
                    <Link to={`/marketplace/sellers/${s.slug}`} className="font-semibold text-brand underline">
                      {s.displayName}
                    </Link>
                  ) : (
                    <span className="font-semibold">{s.displayName}</span>
                  )}
                  <p className="break-words text-sm">
                    {s.ownerName} · {s.ownerEmail}
                  </p>
                  <p className="text-xs text-muted">
                    {SELLER_KIND_LABEL[s.kind]} · {s.category} · {s.pickupState} · since {formatLagosDate(s.approvedAt)}
                  </p>
                  {s.suspendedReason && !s.closed ? <p className="text-sm text-danger">Suspended: {s.suspendedReason}</p> : null}
                  {s.closed ? <p className="text-sm text-muted">The owner had their data deleted: the store stays closed.</p> : null}
                </div>
                <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold">
                  {s.closed ? "Closed" : s.status === "active" ? "Active" : "Suspended"}
                </span>
              </div>
              {s.closed ? null : <SuspensionForm seller={s} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

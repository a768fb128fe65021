import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/referrals";
import { formatKobo } from "@domain/money/money";
import { REFERRAL_FLAGS } from "@domain/referrals/fraud";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { Field } from "~/components/ui/field";
import { DecisionButtons } from "~/components/ui/action-form";
import { StaffPageHeader } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";
import { listFlaggedReferrals } from "@server/referrals/list-flagged-referrals";
import { reviewFlaggedReferral } from "@server/referrals/review-flagged-referral";

// Flagged referrals (docs/product/refer-and-earn.md#fraud-checks): sign-ups that looked like the referrer themselves or
// part of a burst wait here; staff approve them (their commissions go on) or refuse them with a reason.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/referrals", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  return { flagged: await listFlaggedReferrals() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const result = await reviewFlaggedReferral(staff, fields);
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.decision === "approve"
        ? { type: "success", title: "Referral approved", description: "Its commissions go on to approval when their refund window closes." }
        : {
            type: "success",
            title: "Referral refused",
            description: r.refusedKobo > 0 ? `${formatKobo(r.refusedKobo)} in held commission refused.` : "It will earn nothing.",
          },
    failedTitle: "Review not saved",
  });
}

type TFlagged = Awaited<ReturnType<typeof listFlaggedReferrals>>[number];

export default function FlaggedReferrals({ loaderData }: Route.ComponentProps) {
  const { flagged } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Flagged referrals"
        intro="Sign-ups with a referral code that looked suspicious. Their commissions are held until you decide."
      />
      {flagged.length === 0 ? (
        <p className={cardClass}>Nothing waits for a review.</p>
      ) : (
        <ul className="space-y-4" aria-label="Flagged referrals">
          {flagged.map((r) => (
            <FlaggedRow key={r.id} r={r} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One flagged referral. A plain form: the decision redirects back with its message, so the message survives the row
 * leaving the list.
 */
function FlaggedRow({ r }: { r: TFlagged }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("referralId") === String(r.id);
  return (
    <li className={`${cardClass} space-y-3`} data-testid="flagged-referral">
      <p className="font-semibold">
        {r.referredName} <span className="font-normal text-muted">({r.referredEmail})</span>, referred by {r.referrerName}{" "}
        <span className="font-normal text-muted">({r.referrerEmail})</span>
      </p>
      <p className="text-sm">
        {REFERRAL_FLAGS[r.flag]} · joined {formatLagosDateTime(r.boundAt)} with a {r.source === "code" ? "typed code" : "link"} · held{" "}
        {formatKobo(r.heldKobo)}
      </p>
      <Form method="post" className="space-y-3" aria-label={`Review ${r.referredName}'s referral`}>
        <input type="hidden" name="referralId" value={r.id} />
        <Field label="Reason (needed to refuse)" name="reason" maxLength={500} />
        <DecisionButtons
          busy={busy}
          choices={[
            ["approve", "Approve", "primary"],
            ["refuse", "Refuse", "outline"],
          ]}
        />
      </Form>
    </li>
  );
}

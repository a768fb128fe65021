import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/refer-earn";
import { displayReferralCode, REFERRAL_REFUSALS, shareLinks } from "@domain/referrals/referral";
import { formatLagosDate } from "@domain/time/lagos-time";
import { Earnings } from "~/components/referrals/referral-earnings";
import { PageHeader } from "~/components/ui/page-header";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom, getViewerFrom, requireUser } from "~/http/access.server";
import { intentOf } from "~/http/page-intents.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";
import { getReferralPage, type TInvitedState } from "@server/referrals/get-referral-page";
import { payOutBalance, REFER_EARN_INTENTS } from "./refer-earn-actions.server";

// Refer and earn (docs/product/refer-and-earn.md#the-page): a signed-in customer's link, ways to share it and who
// joined with it; visitors read how it works and are asked to sign in. The route table turns the page off with the
// programme (feature "referEarn").

const SHARE_MESSAGE = "I buy solar, smart furniture and EV charging from Zavolah. Join with my link:";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = getSettingsFrom(context);
  const viewer = getViewerFrom(context);
  const terms = settings.referralTerms;
  if (!viewer) return { signedIn: false as const, terms };
  const page = await getReferralPage(viewer.id);
  return { signedIn: true as const, terms, ...page, share: shareLinks(page.link, SHARE_MESSAGE) };
}
/** Saving the bank account payouts go to, or a payout of the balance the page showed (checked again by the server). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  // The payout form names no intent (its buttons send the destination): what is not the bank account is a payout.
  const run = intentOf(REFER_EARN_INTENTS, fields) ?? payOutBalance;
  return run(fields, { request, userId: viewer.id });
}

export const meta: Route.MetaFunction = (args) => metaFor("/refer-earn", args);

export default function ReferEarn({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <PageHeader eyebrow="Refer & Earn" title="Share Zavolah, earn when friends buy">
          Send your link to friends and family. When someone joins with it and pays for an order, you earn a commission.
        </PageHeader>
      </header>
      {loaderData.signedIn ? <YourLink data={loaderData} /> : <SignInFirst />}
      <section className={cardClass} aria-labelledby="terms-title">
        <h2 id="terms-title" className="text-lg font-semibold">
          How it works
        </h2>
        <p className="mt-2 whitespace-pre-line text-sm text-muted">{loaderData.terms}</p>
      </section>
    </section>
  );
}

function SignInFirst() {
  return (
    <div className={cardClass}>
      <p>Sign in to get your own referral link and see who joined with it.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/refer-earn?login=true&returnTo=%2Frefer-earn" className={buttonClass.primary}>
          Sign in
        </Link>
        <Link to="/refer-earn?login=true&tab=register&returnTo=%2Frefer-earn" className={buttonClass.outline}>
          Create an account
        </Link>
      </div>
    </div>
  );
}

type TSignedIn = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function YourLink({ data }: { data: TSignedIn }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <section className={`${cardClass} grid gap-6 sm:grid-cols-[1fr_auto]`} aria-labelledby="link-title">
        <div className="min-w-0 space-y-4">
          <h2 id="link-title" className="text-lg font-semibold">
            Your link
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              value={data.link}
              aria-label="Your referral link"
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-line bg-surface-2 px-3 text-sm"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" onClick={copy} className={buttonClass.primary}>
              {copied ? "Copied" : "Copy link"}
            </button>
          </div>
          <p className="text-sm" aria-live="polite">
            {copied ? "Your link is copied: paste it in a message." : null}
          </p>
          <p className="text-sm text-muted">
            Or give your code: <strong className="font-mono text-base text-fg">{displayReferralCode(data.code)}</strong>. Friends type it
            when they create their account.
          </p>
          <nav aria-label="Share your link">
            <ul className="flex flex-wrap gap-2">
              {data.share.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    className={buttonClass.outline}
                    target={s.href.startsWith("http") ? "_blank" : undefined}
                    rel="noopener noreferrer"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <figure className="justify-self-center text-center">
          <div
            className="rounded-lg bg-white p-2"
            role="img"
            aria-label="QR code of your referral link"
            dangerouslySetInnerHTML={{ __html: data.qrSvg }}
          />
          <figcaption className="mt-2 text-xs text-muted">Scan to open your link</figcaption>
        </figure>
      </section>

      <Earnings data={data} />

      <section className={cardClass} aria-labelledby="invited-title">
        <h2 id="invited-title" className="text-lg font-semibold">
          Friends who joined
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-surface-2 p-3">
            <dt className="text-xs text-muted">Times your link was opened</dt>
            <dd className="text-2xl font-bold" data-testid="link-opens">
              {data.opens.toLocaleString("en-NG")}
            </dd>
          </div>
          <div className="rounded-lg bg-surface-2 p-3">
            <dt className="text-xs text-muted">Joined with your link or code</dt>
            <dd className="text-2xl font-bold" data-testid="joined-count">
              {data.joined.toLocaleString("en-NG")}
            </dd>
          </div>
        </dl>
        {data.invited.length === 0 ? (
          <p className="mt-4 text-sm text-muted">Nobody has joined with your link yet. Share it above: it works on any page of the site.</p>
        ) : (
          <ul className="mt-4 divide-y divide-line" aria-label="Invited friends">
            {data.invited.map((p, i) => (
              <li key={i} className="flex flex-wrap items-baseline justify-between gap-2 py-3" data-testid="invited-person">
                <span className="font-medium">{p.name}</span>
                <span className={`text-sm ${p.refusal ? "text-danger" : "text-muted"}`}>
                  {p.refusal ? REFERRAL_REFUSALS[p.refusal] : `${INVITED_STATE[p.state]} · joined ${formatLagosDate(p.joinedAt)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

const INVITED_STATE: Record<TInvitedState, string> = {
  signed_up: "Signed up",
  first_purchase: "Made a purchase",
  qualified: "Qualified",
  under_review: "Being checked by our team",
};

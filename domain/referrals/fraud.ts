// Refer and earn's fraud rules (docs/product/refer-and-earn.md#fraud-checks). A self-referral by the same account, phone
// or mailbox is refused outright (referral.ts); what only looks suspicious is flagged for staff to review, and its
// commissions wait (held, never approved) until they do.

export const REFERRAL_FLAGS = {
  same_network: "Joined from the same network address the referrer signs in from",
  signup_burst: "One of several sign-ups from one network address within an hour",
} as const;
export type TReferralFlag = keyof typeof REFERRAL_FLAGS;

/** This many sign-ups with referral codes from one address within the window flag the last ones. */
export const SIGNUP_BURST = { count: 3, withinMinutes: 60 } as const;

/**
 * Whether an address tells people apart. A loopback address is what every request looks like behind a proxy the site
 * was not told to trust (TRUST_PROXY), so it would flag everyone: it is left out, like an unknown one.
 */
export function isTraceableAddress(ip: string | null | undefined): ip is string {
  if (!ip || ip === "unknown") return false;
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  return !(v4.startsWith("127.") || v4 === "::1");
}

export const REVIEW_DECISIONS = { approve: "Approve", refuse: "Refuse" } as const;
export type TReviewDecision = keyof typeof REVIEW_DECISIONS;

import type { TViewer } from "@domain/access/roles";
import { parseThen } from "@domain/errors/app-error";
import {
  INVESTMENT_TIER_FIELDS,
  ZDistributionDeclaration,
  ZDistributionDecision,
  ZDistributionPaid,
  ZDistributionRef,
  ZInvestmentTier,
  ZRedemptionPaid,
  ZRedemptionRequest,
} from "@domain/investments/investment-input";
import { formatKobo } from "@domain/money/money";
import { declareDistribution } from "@server/investments/declare-distribution";
import { decideDistribution } from "@server/investments/decide-distribution";
import { markDistributionPaid } from "@server/investments/mark-distribution-paid";
import { payRedemption } from "@server/investments/redemptions";
import { saveInvestmentTier } from "@server/investments/save-investment-tier";
import {
  checkDistributionTransfers,
  checkRedemptionTransfer,
  sendDistributionTransfers,
  sendRedemptionTransfer,
} from "@server/investments/send-investment-transfers";
import { actionResponse, formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import type { TPageIntents } from "~/http/page-intents.server";

// The investments admin's forms (app/routes/admin/investments.tsx, docs/product/investments.md), one intent each.
// Each answers with its own toast, so an intent returns the page's response, not a result; the page's action has
// checked the caller is an admin.

/** What the investments page's action knows: the admin asking and the request (a form without JavaScript is sent back). */
export type TInvestmentsPage = { admin: TViewer; request: Request };

/** An intent's answer: a fetcher's JSON or a redirect (actionResponse), or the tier form's refusal (formRefusal). */
export type TInvestmentsAnswer = Awaited<ReturnType<typeof actionResponse>> | ReturnType<typeof formRefusal>;

export const INVESTMENTS_INTENTS: TPageIntents<TInvestmentsPage, TInvestmentsAnswer> = {
  // Distributions (docs/product/investments.md#distributions): declared, decided by a second admin, marked paid.
  "declare-distribution": async (fields, { admin, request }) => {
    const declared = await parseThen(ZDistributionDeclaration, fields, ["tierId", "from", "to", "basis", "pool", "rate", "note"], (input) =>
      declareDistribution(admin, input),
    );
    return actionResponse(request, fields, declared, {
      done: (r) => ({ type: "success", title: "Distribution declared", description: `${r.tierName}: a second admin must approve it.` }),
      failedTitle: "Not declared",
    });
  },
  "decide-distribution": async (fields, { admin, request }) => {
    const decided = await parseThen(ZDistributionDecision, fields, ["reason"], (input) => decideDistribution(admin, input));
    return actionResponse(request, fields, decided, {
      done: (r) =>
        r.approved
          ? {
              type: "success",
              title: "Distribution approved",
              description: `${formatKobo(r.totalKobo)} to ${r.investors} investor(s) of ${r.tierName}.`,
            }
          : { type: "success", title: "Distribution rejected", description: r.tierName },
      failedTitle: "Not decided",
    });
  },
  "distribution-paid": async (fields, { admin, request }) => {
    const paid = await parseThen(ZDistributionPaid, fields, ["reference"], (input) => markDistributionPaid(admin, input));
    return actionResponse(request, fields, paid, { done: (r) => `${r.paid} share(s) marked paid`, failedTitle: "Not marked paid" });
  },
  // Paying through Paystack (docs/product/investments.md#payouts): sent, then checked when a notification is late.
  "send-distribution-transfers": async (fields, { admin, request }) => {
    const sent = await parseThen(ZDistributionRef, fields, [], (input) => sendDistributionTransfers(admin, input.declarationId));
    return actionResponse(request, fields, sent, {
      done: (r) => ({ type: r.failed > 0 ? "info" : "success", title: `${r.sent} share(s) of ${r.tierName} sent`, description: r.message }),
      failedTitle: "Not sent",
    });
  },
  "check-distribution-transfers": async (fields, { request }) => {
    const checked = await parseThen(ZDistributionRef, fields, [], (input) => checkDistributionTransfers(input.declarationId));
    return actionResponse(request, fields, checked, {
      done: (r) => `${r.checked} transfer(s) checked with Paystack`,
      failedTitle: "Not checked",
    });
  },
  "send-redemption-transfer": async (fields, { admin, request }) => {
    const sent = await parseThen(ZRedemptionRequest, fields, [], (input) => sendRedemptionTransfer(admin, input.investmentId));
    return actionResponse(request, fields, sent, {
      done: (r) => ({ type: "success", title: `${formatKobo(r.amountKobo)} sent for ${r.reference}`, description: r.message }),
      failedTitle: "Not sent",
    });
  },
  "check-redemption-transfer": async (fields, { request }) => {
    const checked = await parseThen(ZRedemptionRequest, fields, [], (input) => checkRedemptionTransfer(input.investmentId));
    return actionResponse(request, fields, checked, {
      done: (r) =>
        r.status === "paid" ? "The principal is paid back" : r.status === "sending" ? "Still on its way" : "It did not go through",
      failedTitle: "Not checked",
    });
  },
  "redemption-paid": async (fields, { admin, request }) => {
    const paid = await parseThen(ZRedemptionPaid, fields, ["reference"], (input) => payRedemption(admin, input));
    return actionResponse(request, fields, paid, { done: (r) => `${r.reference} paid back`, failedTitle: "Not recorded" });
  },
  // The tier form is a full-page form: a refusal renders the page again with what was typed.
  "save-tier": async (fields, { admin }) => {
    const result = await parseThen(ZInvestmentTier, fields, INVESTMENT_TIER_FIELDS, (input) => saveInvestmentTier(admin, input));
    if (!result.ok) return formRefusal(result, fields);
    return redirectWithFlash("/admin/investments", {
      type: "success",
      title: "Tier saved",
      description: fields.name?.trim().slice(0, 60),
    });
  },
};

import type { TViewer } from "@domain/access/roles";
import { parseThen } from "@domain/errors/app-error";
import { ZRedemptionRequest, ZReinvestChoice } from "@domain/investments/investment-input";
import { chooseReinvestment } from "@server/investments/choose-reinvestment";
import { requestRedemption } from "@server/investments/redemptions";
import { actionResponse, type TActionResponse } from "~/http/action-response.server";
import type { TPageIntents } from "~/http/page-intents.server";

// The investor dashboard's forms (docs/product/investments.md#redemption, #reinvesting), called from its action after
// requireUser: each answers with its own toast.

export type TInvestorDashboardContext = { request: Request; viewer: TViewer };

export const INVESTOR_DASHBOARD_INTENTS: TPageIntents<TInvestorDashboardContext, TActionResponse> = {
  reinvest: async (fields, { request, viewer }) => {
    const chosen = await parseThen(ZReinvestChoice, fields, ["reinvest"], (input) => chooseReinvestment(viewer, input));
    return actionResponse(request, fields, chosen, {
      done: (r) => ({
        type: "success",
        title: r.reinvest ? "Distributions will be reinvested" : "Distributions will be paid to your bank",
        description: `${r.reference}: from the next distribution approved.`,
      }),
      failedTitle: "Not changed",
    });
  },
  redemption: async (fields, { request, viewer }) => {
    const result = await parseThen(ZRedemptionRequest, fields, [], (input) => requestRedemption(viewer, input.investmentId));
    return actionResponse(request, fields, result, {
      done: (r) => ({
        type: "success",
        title: "Principal asked back",
        description: `${r.reference}: our team pays it to your bank account within 5 working days.`,
      }),
      failedTitle: "Not asked",
    });
  },
};

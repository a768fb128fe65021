import { data } from "react-router";
import type { Route } from "./+types/pin-reset";
import { parseThen } from "@domain/errors/app-error";
import { ZPinReset, ZPinResetRequest } from "@domain/zavcharge/accounts/account-input";
import { clientIp } from "@server/http/client-ip";
import { requestPinReset } from "@server/zavcharge/accounts/request-pin-reset";
import { resetPin } from "@server/zavcharge/accounts/reset-pin";
import { actionResponse } from "~/http/action-response.server";
import { refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** Forgot PIN (docs/product/zavcharge.md#pins): "request" e-mails a code; "reset" takes the code and the new PIN. */
export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const back = (tab: string, extra: Record<string, string> = {}) =>
    refererPath(request, { login: "true", context: "zavcharge", tab, ...extra });
  if (fields.intent === "reset") {
    const result = await parseThen(ZPinReset, fields, ["code", "pin", "confirmPin"], (input) => resetPin(input, clientIp(request)));
    return actionResponse(request, fields, result, {
      done: () => ({ type: "success", title: "PIN reset successful", description: "Sign in with your subscription ID and your new PIN." }),
      failedTitle: "PIN Reset Failed",
      answer: () => ({ reset: true }),
      back: (r) => (r.ok ? back("login") : back("forgot-password", { step: "code", id: fields.subscriptionId ?? "" })),
    });
  }
  const result = await parseThen(ZPinResetRequest, fields, ["subscriptionId", "email"], async (input) => {
    const sent = await requestPinReset(input, clientIp(request));
    return sent.ok ? { ...sent, subscriptionId: input.subscriptionId } : sent;
  });
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "PIN reset code sent", description: `We have e-mailed a 6-digit code to ${r.email}.` }),
    failedTitle: "PIN Reset Failed",
    answer: (r) => ({ sentTo: r.email, subscriptionId: r.subscriptionId }),
    back: (r) => (r.ok ? back("forgot-password", { step: "code", id: r.subscriptionId }) : back("forgot-password")),
  });
}

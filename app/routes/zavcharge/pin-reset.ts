import { data } from "react-router";
import type { Route } from "./+types/pin-reset";
import { invalidInput } from "@domain/errors/app-error";
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
    const parsed = ZPinReset.safeParse(fields);
    const result = parsed.success
      ? await resetPin(parsed.data, clientIp(request))
      : invalidInput(parsed.error, ["code", "pin", "confirmPin"]);
    return actionResponse(request, fields, result, {
      done: () => ({ type: "success", title: "PIN reset successful", description: "Sign in with your subscription ID and your new PIN." }),
      failedTitle: "PIN Reset Failed",
      answer: () => ({ reset: true }),
      back: (r) => (r.ok ? back("login") : back("forgot-password", { step: "code", id: parsed.data?.subscriptionId ?? "" })),
    });
  }
  const parsed = ZPinResetRequest.safeParse(fields);
  const result = parsed.success
    ? await requestPinReset(parsed.data, clientIp(request))
    : invalidInput(parsed.error, ["subscriptionId", "email"]);
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "PIN reset code sent", description: `We have e-mailed a 6-digit code to ${r.email}.` }),
    failedTitle: "PIN Reset Failed",
    answer: (r) => ({ sentTo: r.email, subscriptionId: parsed.data?.subscriptionId ?? "" }),
    back: (r) => (r.ok ? back("forgot-password", { step: "code", id: parsed.data?.subscriptionId ?? "" }) : back("forgot-password")),
  });
}

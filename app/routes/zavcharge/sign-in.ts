import { data } from "react-router";
import type { Route } from "./+types/sign-in";
import { parseThen } from "@domain/errors/app-error";
import { ZPinSignIn } from "@domain/zavcharge/accounts/account-input";
import { clientIp } from "@server/http/client-ip";
import { signInWithPin } from "@server/zavcharge/accounts/sign-in-with-pin";
import { pinSessionCookie } from "@server/zavcharge/accounts/pin-session-cookie";
import { actionResponse } from "~/http/action-response.server";
import { redirectWithFlash, refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** Subscription id + PIN from the dialog's ZavCharge context (docs/product/zavcharge.md#pins): to the dashboard. */
export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const result = await parseThen(ZPinSignIn, fields, ["subscriptionId", "pin"], (input) => signInWithPin(input, clientIp(request)));
  if (result.ok) {
    const headers = new Headers({ "Set-Cookie": pinSessionCookie(result.token, result.maxAgeSeconds, request) });
    return redirectWithFlash("/zavcharge/dashboard", { type: "success", title: `Welcome back, ${result.name}!` }, headers);
  }
  return actionResponse(request, fields, result, {
    done: () => "",
    failedTitle: "Login Failed",
    back: refererPath(request, { login: "true", context: "zavcharge", tab: "login" }),
  });
}

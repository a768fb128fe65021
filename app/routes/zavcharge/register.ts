import { data } from "react-router";
import type { Route } from "./+types/register";
import { parseThen } from "@domain/errors/app-error";
import { ZDriverRegistration } from "@domain/zavcharge/accounts/account-input";
import { confirmationAskerCookie } from "@server/auth/confirmation-asker";
import { clientDevice, clientIp } from "@server/http/client-ip";
import { referralLinkCode } from "@server/http/referral-links";
import { registerDriver } from "@server/zavcharge/accounts/register-driver";
import { actionResponse } from "~/http/action-response.server";
import { refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

const FORM_FIELDS = ["name", "email", "phone", "password", "confirmPassword", "pin", "confirmPin", "agreedToTerms"] as const;

/**
 * Registering in the ZavCharge context (docs/product/zavcharge.md#accounts): the same answer whether or not the
 * address is known. The ZavCharge account opens when the e-mail is confirmed; this browser asked for the link, so
 * opening it here signs in without the password (docs/product/accounts.md#e-mail-confirmation).
 */
export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const result = await parseThen(ZDriverRegistration, fields, FORM_FIELDS, async (input) => {
    const registered = await registerDriver(input, clientIp(request), {
      referralLinkCode: referralLinkCode(request),
      deviceId: clientDevice(request),
    });
    return registered.ok ? { ...registered, email: input.email } : registered;
  });
  const email = result.ok ? result.email : "";
  const headers = new Headers();
  if (result.ok) headers.set("Set-Cookie", confirmationAskerCookie(email, request));
  return actionResponse(request, fields, result, {
    done: () => ({
      type: "success",
      title: "Check your e-mail to finish",
      description: `We have sent a link to ${email}. Open it to confirm your address: your ZavCharge account opens at once.`,
    }),
    failedTitle: "Registration Failed",
    answer: () => ({ registered: { email } }),
    back: (r) => (r.ok ? "/zavcharge" : refererPath(request, { login: "true", context: "zavcharge", tab: "register" })),
    headers,
  });
}

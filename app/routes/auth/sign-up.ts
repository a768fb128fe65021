import { data } from "react-router";
import { parseThen } from "@domain/errors/app-error";
import type { Route } from "./+types/sign-up";
import { ZSignUp } from "@domain/auth/auth-input";
import { confirmationAskerCookie } from "@server/auth/confirmation-asker";
import { registerUser } from "@server/auth/register-user";
import { clientDevice, clientIp } from "@server/http/client-ip";
import { referralLinkCode } from "@server/http/referral-links";
import { refusalMessages } from "~/http/action-response.server";
import { isEnhanced, redirectWithFlash, refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** The registration form's inputs: their messages show beside them. */
const SIGN_UP_FIELDS = [
  "name",
  "email",
  "phone",
  "password",
  "confirmPassword",
  "role",
  "staffCode",
  "referralCode",
  "agreedToTerms",
  "agreedToNewsletter",
];

export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const enhanced = isEnhanced(fields);
  const fail = (status: number, body: { formError?: string; fieldErrors?: Record<string, string> }) =>
    enhanced
      ? data(body, { status })
      : redirectWithFlash(refererPath(request, { login: "true", tab: "register" }), {
          type: "error",
          title: "Registration Failed",
          description: body.formError ?? Object.values(body.fieldErrors ?? {})[0],
        });

  const result = await parseThen(ZSignUp, fields, SIGN_UP_FIELDS, async (input) => {
    const registered = await registerUser(input, clientIp(request), {
      referralLinkCode: referralLinkCode(request),
      deviceId: clientDevice(request),
    });
    return registered.ok ? { ...registered, name: input.name, email: input.email } : registered;
  });
  if (!result.ok) return fail(result.error.status, refusalMessages(result));

  const message = `Account created successfully! Welcome, ${result.name}!`;
  const next = `We have sent a confirmation link to ${result.email}. Open it to activate your account.`;
  // This browser asked for the link: opened here, it signs in without the password (docs/product/accounts.md#e-mail-confirmation).
  const headers = new Headers({ "Set-Cookie": confirmationAskerCookie(result.email, request) });
  if (enhanced) return data({ registered: { message, next } }, { headers });
  return redirectWithFlash(
    refererPath(request, { login: "true", tab: "login" }),
    { type: "success", title: message, description: next },
    headers,
  );
}

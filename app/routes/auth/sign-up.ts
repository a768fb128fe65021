import { data } from "react-router";
import { fieldErrorsOf } from "@domain/errors/app-error";
import type { Route } from "./+types/sign-up";
import { ZSignUp } from "@domain/auth/auth-input";
import { confirmationAskerCookie } from "@server/auth/confirmation-asker";
import { registerUser } from "@server/auth/register-user";
import { clientIp } from "@server/http/client-ip";
import { isEnhanced, redirectWithFlash, refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

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

  const parsed = ZSignUp.safeParse(fields);
  if (!parsed.success) return fail(400, { fieldErrors: fieldErrorsOf(parsed.error) });
  const result = await registerUser(parsed.data, clientIp(request));
  if (!result.ok) {
    const { field, message, status } = result.error;
    return fail(status, field ? { fieldErrors: { [field]: message } } : { formError: message });
  }

  const message = `Account created successfully! Welcome, ${parsed.data.name}!`;
  const next = `We have sent a confirmation link to ${parsed.data.email}. Open it to activate your account.`;
  // This browser asked for the link: opened here, it signs in without the password (docs/product/accounts.md#e-mail-confirmation).
  const headers = new Headers({ "Set-Cookie": confirmationAskerCookie(parsed.data.email, request) });
  if (enhanced) return data({ registered: { message, next } }, { headers });
  return redirectWithFlash(
    refererPath(request, { login: "true", tab: "login" }),
    { type: "success", title: message, description: next },
    headers,
  );
}

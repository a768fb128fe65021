import { data } from "react-router";
import { fieldErrorsOf } from "@domain/errors/app-error";
import type { Route } from "./+types/forgot-password";
import { ZForgotPassword } from "@domain/auth/auth-input";
import { requestPasswordReset } from "@server/auth/request-password-reset";
import { clientIp } from "@server/http/client-ip";
import { isEnhanced, redirectWithFlash, refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const enhanced = isEnhanced(fields);
  const back = refererPath(request, { login: "true", tab: "forgot-password" });
  const parsed = ZForgotPassword.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return enhanced
      ? data({ fieldErrors: errors }, { status: 400 })
      : redirectWithFlash(back, { type: "error", title: "Password Reset Failed", description: errors.email });
  }
  const result = await requestPasswordReset(parsed.data.email, clientIp(request), request.headers.get("user-agent"));
  if (!result.ok) {
    return enhanced
      ? data({ formError: result.error.message }, { status: result.error.status })
      : redirectWithFlash(back, { type: "error", title: "Password Reset Failed", description: result.error.message });
  }
  if (enhanced) return data({ sent: parsed.data.email });
  return redirectWithFlash(back, {
    type: "success",
    title: "Password Reset Email Sent",
    description: `If ${parsed.data.email} has an account, a reset link is on its way.`,
  });
}

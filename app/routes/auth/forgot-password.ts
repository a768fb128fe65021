import { data } from "react-router";
import { parseThen } from "@domain/errors/app-error";
import type { Route } from "./+types/forgot-password";
import { ZForgotPassword } from "@domain/auth/auth-input";
import { requestPasswordReset } from "@server/auth/request-password-reset";
import { clientIp } from "@server/http/client-ip";
import { refusalMessages } from "~/http/action-response.server";
import { isEnhanced, redirectWithFlash, refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const enhanced = isEnhanced(fields);
  const back = refererPath(request, { login: "true", tab: "forgot-password" });
  const result = await parseThen(ZForgotPassword, fields, ["email"], async (input) => {
    const asked = await requestPasswordReset(input.email, clientIp(request), request.headers.get("user-agent"));
    return asked.ok ? { ...asked, email: input.email } : asked;
  });
  if (!result.ok)
    return enhanced
      ? data(refusalMessages(result), { status: result.error.status })
      : redirectWithFlash(back, { type: "error", title: "Password Reset Failed", description: result.error.message });
  if (enhanced) return data({ sent: result.email });
  return redirectWithFlash(back, {
    type: "success",
    title: "Password Reset Email Sent",
    description: `If ${result.email} has an account, a reset link is on its way.`,
  });
}

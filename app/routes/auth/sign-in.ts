import { data } from "react-router";
import { fieldErrorsOf } from "@domain/errors/app-error";
import type { Route } from "./+types/sign-in";
import { authContextFor, postLoginTarget, type TAuthContext, AUTH_CONTEXTS } from "@domain/auth/auth-context";
import { ZSignIn, ZSmsCode, ZTotpCode } from "@domain/auth/auth-input";
import { isSecondStepMethod, maskedPhone, type TSecondStep, type TSecondStepMethod } from "@domain/auth/second-factor";
import { confirmationAskerCookie } from "@server/auth/confirmation-asker";
import { sendSignInCode } from "@server/auth/send-sign-in-code";
import { signIn } from "@server/auth/sign-in";
import { verifySecondFactor } from "@server/auth/verify-second-factor";
import { clientIp } from "@server/http/client-ip";
import { isEnhanced, redirectWithFlash, refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

function contextOf(value: string | undefined, returnTo: string | undefined): TAuthContext {
  return value && value in AUTH_CONTEXTS ? (value as TAuthContext) : authContextFor(returnTo ?? "/");
}

export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const enhanced = isEnhanced(fields);
  const context = contextOf(fields.context, fields.returnTo);
  const fallback = new URL(refererPath(request), request.url).pathname;
  const target = postLoginTarget(fields.returnTo, context, fallback);
  type TBody = { formError?: string; fieldErrors?: Record<string, string>; step?: string; method?: TSecondStepMethod; sent?: string };
  const twoFactorPath = (method?: TSecondStepMethod) =>
    refererPath(request, { login: "true", tab: "two-factor", ...(method ? { method } : {}) });
  const fail = async (status: number, body: TBody, headers?: Headers) =>
    enhanced
      ? data(body, { status, headers })
      : redirectWithFlash(
          body.step ? twoFactorPath(body.method) : refererPath(request, { login: "true", tab: "login" }),
          { type: "error", title: "Login Failed", description: body.formError ?? Object.values(body.fieldErrors ?? {})[0] },
          headers,
        );

  // The second step (docs/product/accounts.md#two-factor-authentication): a new texted code, or a code to check.
  if (fields.intent === "sms-send") {
    const sent = await sendSignInCode(request.headers);
    if (!sent.ok) return fail(sent.error.status, { step: "two-factor", method: "sms", formError: sent.error.message });
    const message = `We sent a new code by text message to ${maskedPhone(sent.phone)}.`;
    if (enhanced) return data({ step: "two-factor", method: "sms", sent: message } satisfies TBody);
    return redirectWithFlash(twoFactorPath("sms"), { type: "info", title: "Code sent", description: message });
  }
  if (isSecondStepMethod(fields.intent)) {
    const kind = fields.intent;
    const code = fields.code?.trim() ?? "";
    const schema = kind === "totp" ? ZTotpCode : kind === "sms" ? ZSmsCode : null;
    const parsed = schema ? schema.safeParse(fields) : null;
    if (parsed && !parsed.success)
      return fail(400, { step: "two-factor", method: kind, fieldErrors: { code: parsed.error.issues[0]!.message } });
    if (!code) return fail(400, { step: "two-factor", method: kind, fieldErrors: { code: "Enter one of your recovery codes" } });
    const result = await verifySecondFactor(parsed?.data?.code ?? code, kind, clientIp(request), request.headers);
    if (!result.ok) return fail(result.error.status, { step: "two-factor", method: kind, formError: result.error.message });
    return redirectWithFlash(target, { type: "success", title: "Login Successful", description: "Welcome back!" }, result.headers);
  }

  const parsed = ZSignIn.safeParse(fields);
  if (!parsed.success) return fail(400, { fieldErrors: fieldErrorsOf(parsed.error) });
  const result = await signIn(parsed.data.email, parsed.data.password, clientIp(request), request.headers);
  // The right password on an unconfirmed account sends a new link: this browser asked for it
  // (docs/product/accounts.md#e-mail-confirmation).
  const asked = !result.ok && result.error.code === "forbidden";
  if (!result.ok)
    return fail(
      result.error.status,
      { formError: result.error.message },
      asked ? new Headers({ "Set-Cookie": confirmationAskerCookie(parsed.data.email, request) }) : undefined,
    );
  if (result.twoFactorRequired) {
    const step: TSecondStep = { methods: result.methods, phone: result.phone, sent: result.sent, notice: result.notice };
    if (enhanced) return data({ step: "two-factor", secondStep: step }, { headers: result.headers });
    const method = result.methods[0]!;
    return redirectWithFlash(
      twoFactorPath(method),
      {
        type: "info",
        title: "Two-factor authentication",
        description:
          step.notice ??
          (step.sent
            ? `We sent a code by text message to ${step.phone}.`
            : method === "totp"
              ? "Enter the code from your authenticator app."
              : "Enter your code."),
      },
      result.headers,
    );
  }
  return redirectWithFlash(
    target,
    { type: "success", title: "Login Successful", description: `Welcome back, ${result.name}!` },
    result.headers,
  );
}

import { data } from "react-router";
import { parseThen, type TFailure } from "@domain/errors/app-error";
import type { Route } from "./+types/sign-in";
import { authContextFor, postLoginTarget, type TAuthContext, AUTH_CONTEXTS } from "@domain/auth/auth-context";
import { ZRecoveryCode, ZSignIn, ZSmsCode, ZTotpCode } from "@domain/auth/auth-input";
import { isSecondStepMethod, maskedPhone, type TSecondStep, type TSecondStepMethod } from "@domain/auth/second-factor";
import { confirmationAskerCookie } from "@server/auth/confirmation-asker";
import { sendSignInCode } from "@server/auth/send-sign-in-code";
import { signIn } from "@server/auth/sign-in";
import { verifySecondFactor } from "@server/auth/verify-second-factor";
import { clientIp } from "@server/http/client-ip";
import { refusalMessages } from "~/http/action-response.server";
import { isEnhanced, redirectWithFlash, refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

/** A form that did not parse shows its messages by its fields; a refused sign-in or code, one message above the form. */
const messagesOf = (failure: TFailure) =>
  failure.error.code === "invalid_input" ? refusalMessages(failure) : { formError: failure.error.message };

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
    const schema = kind === "totp" ? ZTotpCode : kind === "sms" ? ZSmsCode : ZRecoveryCode;
    const result = await parseThen(schema, fields, ["code"], (input) =>
      verifySecondFactor(input.code, kind, clientIp(request), request.headers),
    );
    if (!result.ok) return fail(result.error.status, { step: "two-factor", method: kind, ...messagesOf(result) });
    return redirectWithFlash(target, { type: "success", title: "Login Successful", description: "Welcome back!" }, result.headers);
  }

  let email = "";
  const result = await parseThen(ZSignIn, fields, ["email", "password"], (input) => {
    email = input.email;
    return signIn(input.email, input.password, clientIp(request), request.headers);
  });
  // The right password on an unconfirmed account sends a new link: this browser asked for it
  // (docs/product/accounts.md#e-mail-confirmation).
  const asked = !result.ok && result.error.code === "forbidden";
  if (!result.ok)
    return fail(
      result.error.status,
      messagesOf(result),
      asked ? new Headers({ "Set-Cookie": confirmationAskerCookie(email, request) }) : undefined,
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

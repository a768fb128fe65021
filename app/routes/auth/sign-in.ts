import { data } from "react-router";
import type { Route } from "./+types/sign-in";
import { authContextFor, postLoginTarget, type TAuthContext, AUTH_CONTEXTS } from "@domain/auth/auth-context";
import { fieldErrors, ZSignIn, ZTotpCode } from "@domain/auth/auth-input";
import { confirmationAskerCookie } from "@server/auth/confirmation-asker";
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
  const fail = async (
    status: number,
    body: { formError?: string; fieldErrors?: Record<string, string>; step?: string },
    headers?: Headers,
  ) =>
    enhanced
      ? data(body, { status, headers })
      : redirectWithFlash(
          refererPath(request, { login: "true", tab: body.step ?? "login" }),
          { type: "error", title: "Login Failed", description: body.formError ?? Object.values(body.fieldErrors ?? {})[0] },
          headers,
        );

  if (fields.intent === "totp" || fields.intent === "recovery") {
    const kind = fields.intent;
    const parsed =
      kind === "totp" ? ZTotpCode.safeParse(fields) : { success: !!fields.code?.trim(), data: { code: fields.code?.trim() ?? "" } };
    if (!parsed.success)
      return fail(400, { step: "two-factor", fieldErrors: { code: "Enter the 6-digit code from your authenticator app" } });
    const result = await verifySecondFactor(parsed.data!.code, kind, clientIp(request), request.headers);
    if (!result.ok) return fail(result.error.status, { step: "two-factor", formError: result.error.message });
    return redirectWithFlash(target, { type: "success", title: "Login Successful", description: "Welcome back!" }, result.headers);
  }

  const parsed = ZSignIn.safeParse(fields);
  if (!parsed.success) return fail(400, { fieldErrors: fieldErrors(parsed.error) });
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
    if (enhanced) return data({ step: "two-factor" }, { headers: result.headers });
    return redirectWithFlash(
      refererPath(request, { login: "true", tab: "two-factor" }),
      { type: "info", title: "Two-factor authentication", description: "Enter the code from your authenticator app." },
      result.headers,
    );
  }
  return redirectWithFlash(
    target,
    { type: "success", title: "Login Successful", description: `Welcome back, ${result.name}!` },
    result.headers,
  );
}

import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/callback";
import { accountOpenedMessage } from "@domain/zavcharge/accounts/account-rules";
import type { TResult } from "@domain/errors/app-error";
import { confirmEmail, type TConfirmed } from "@server/auth/confirm-email";
import { clientIp } from "@server/http/client-ip";
import { Field } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/auth/callback", args);

type TPage = { message: string; token?: undefined } | { token: string; passwordError?: string; message?: undefined };

/** The answer to a confirmation: signed in and on their way, or the page asks for the password, or says what is wrong. */
async function answer(token: string, result: TResult<TConfirmed>): Promise<TPage | Response> {
  if (!result.ok) {
    if (result.error.field === "password" || result.error.code === "rate_limited") return { token, passwordError: result.error.message };
    return { message: result.error.message };
  }
  if ("passwordNeeded" in result) return { token };
  if (result.alreadyConfirmed)
    return redirectWithFlash("/?login=true", { type: "info", title: "E-mail already confirmed", description: "Please sign in." });
  const driver = result.zavcharge;
  if (driver)
    return redirectWithFlash(
      "/zavcharge/dashboard",
      {
        type: "success",
        title: `Welcome to ZavCharge, ${result.name}!`,
        description: `Your e-mail is confirmed. ${accountOpenedMessage(driver)}`,
      },
      result.headers,
    );
  return redirectWithFlash(
    result.role === "staff" ? "/staff" : "/",
    { type: "success", title: "E-mail confirmed", description: `Account created successfully! Welcome, ${result.name}!` },
    result.headers,
  );
}

/**
 * Target of the confirmation e-mail (docs/product/accounts.md#e-mail-confirmation): confirms and signs in when the
 * browser that asked for the link opens it; any other browser is asked for the account's password first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { message: "This confirmation link is incomplete. Open the link from your e-mail again." } satisfies TPage;
  return answer(token, await confirmEmail(token, { browser: request, ip: clientIp(request) }));
}

export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const token = fields.token ?? "";
  if (!token) return { message: "This confirmation link is incomplete. Open the link from your e-mail again." } satisfies TPage;
  if (!fields.password) return { token, passwordError: "Enter your password" } satisfies TPage;
  return answer(token, await confirmEmail(token, { browser: request, ip: clientIp(request), password: fields.password }));
}

export default function AuthCallback({ loaderData, actionData }: Route.ComponentProps) {
  const page = (actionData ?? loaderData) as TPage;
  const busy = useNavigation().state === "submitting";
  if (page.token !== undefined)
    return (
      <section className="mx-auto max-w-xl px-4 py-12 sm:py-20">
        <div className={cardClass}>
          <h1 className="text-2xl font-bold">Confirm your e-mail</h1>
          <p className="mt-3 text-muted">
            This link was opened in a different browser from the one you registered in. Enter your password to confirm your e-mail and sign
            in.
          </p>
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <input type="hidden" name="token" value={page.token} />
            <Field label="Password" name="password" type="password" autoComplete="current-password" required error={page.passwordError} />
            <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
              {busy ? "Confirming..." : "Confirm and sign in"}
            </button>
          </Form>
          <p className="mt-4 text-sm text-muted">
            Forgot your password? <Link to="/?login=true&tab=forgot-password">Reset it</Link>, then sign in: we will send you a new link.
          </p>
        </div>
      </section>
    );
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <div className={cardClass}>
        <h1 className="text-2xl font-bold">We could not confirm your e-mail</h1>
        <p className="mt-3 text-muted" role="alert">
          {page.message}
        </p>
        <Link to="/?login=true" className={`${buttonClass.primary} mt-6`}>
          Sign in
        </Link>
      </div>
    </section>
  );
}

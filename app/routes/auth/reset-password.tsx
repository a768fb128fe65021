import { data, Form, Link, useNavigation } from "react-router";
import { parseThen } from "@domain/errors/app-error";
import type { Route } from "./+types/reset-password";
import { NewPasswordFields } from "~/components/forms/account-fields";
import { FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { ZResetPassword } from "@domain/auth/auth-input";
import { metaFor } from "~/lib/meta";
import { resetPassword } from "@server/auth/reset-password";
import { refusalMessages } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/reset-password", args);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", error: url.searchParams.get("error") };
}

export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const result = await parseThen(ZResetPassword, fields, ["token", "password", "confirmPassword"], (input) =>
    resetPassword(input.token, input.password),
  );
  if (!result.ok) {
    const messages = refusalMessages(result);
    return data(
      "fieldErrors" in messages
        ? { fieldErrors: messages.fieldErrors, formError: null }
        : { fieldErrors: {} as Record<string, string>, ...messages },
      { status: result.error.status },
    );
  }
  return redirectWithFlash("/?login=true", {
    type: "success",
    title: "Password Updated",
    description: "Password updated successfully. Sign in with your new password.",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const missing = !loaderData.token || loaderData.error;
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <div className={cardClass}>
        <h1 className="text-2xl font-bold">Choose a new password</h1>
        {missing ? (
          <>
            <p className="mt-3 text-muted" role="alert">
              This reset link is invalid or has expired. Please request a new one.
            </p>
            <Link to="/?login=true&tab=forgot-password" className={`${buttonClass.primary} mt-6`}>
              Request a new link
            </Link>
          </>
        ) : (
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <input type="hidden" name="token" value={loaderData.token} />
            <FormError message={actionData?.formError ?? actionData?.fieldErrors?.token} />
            <NewPasswordFields label="New password" errors={actionData?.fieldErrors ?? {}} />
            <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
              {busy ? "Saving..." : "Save new password"}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}

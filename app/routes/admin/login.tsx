import { Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { Field } from "~/components/ui/field";
import { metaFor } from "~/lib/meta";
import { getViewerFrom } from "~/http/access.server";

export const meta: Route.MetaFunction = (args) => metaFor("/admin/login", args);

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewerFrom(context);
  if (viewer?.role === "admin") throw redirect("/admin/dashboard");
  return { signedInAs: viewer?.email ?? null };
}

/** Plain sign-in for administrators; the same action and limits as the dialog, landing on the admin area. */
export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <div className={cardClass}>
        <h1 className="text-2xl font-bold">Admin sign in</h1>
        {loaderData.signedInAs ? (
          <p className="mt-3 text-sm text-muted">You are signed in as {loaderData.signedInAs}, which is not an administrator account.</p>
        ) : null}
        <Form method="post" action="/auth/sign-in" className="mt-6 space-y-4">
          <input type="hidden" name="returnTo" value={params.get("returnTo") ?? "/admin/dashboard"} />
          <Field label="Email" name="email" type="email" autoComplete="email" required />
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            Sign in
          </button>
        </Form>
        <Link to="/?login=true&tab=forgot-password" className="mt-4 inline-block text-sm text-brand underline">
          Forgot password?
        </Link>
      </div>
    </section>
  );
}

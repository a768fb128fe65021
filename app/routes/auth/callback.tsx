import { Link } from "react-router";
import type { Route } from "./+types/callback";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { confirmEmail } from "@server/auth/confirm-email";
import { redirectWithFlash } from "~/http/form.server";

export const meta: Route.MetaFunction = (args) => metaFor("/auth/callback", args);

/** Target of the confirmation e-mail: confirms, signs in, and sends staff to the staff page. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { message: "This confirmation link is incomplete. Open the link from your e-mail again." };
  const result = await confirmEmail(token);
  if (!result.ok) return { message: result.message };
  if (result.alreadyConfirmed)
    return redirectWithFlash("/?login=true", { type: "info", title: "E-mail already confirmed", description: "Please sign in." });
  return redirectWithFlash(
    result.role === "staff" ? "/staff" : "/",
    { type: "success", title: "E-mail confirmed", description: `Account created successfully! Welcome, ${result.name}!` },
    result.headers,
  );
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <div className={cardClass}>
        <h1 className="text-2xl font-bold">We could not confirm your e-mail</h1>
        <p className="mt-3 text-muted" role="alert">
          {loaderData.message}
        </p>
        <Link to="/?login=true" className={`${buttonClass.primary} mt-6`}>
          Sign in
        </Link>
      </div>
    </section>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { NewsletterPage } from "~/components/newsletter-page";
import { metaFor } from "~/lib/meta";
import { unsubscribeFromNewsletter } from "@server/content/newsletter/unsubscribe-from-newsletter";
import { readForm } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/newsletter/unsubscribe", args);

/**
 * One click: opening the link unsubscribes (a mistaken unsubscribe costs little; a hard one breaks the law's spirit).
 * A link that matches no subscription changes nothing and answers 400 with the page that says so.
 */
async function unsubscribeFrom(request: Request) {
  const query = new URL(request.url).searchParams;
  const result = await unsubscribeFromNewsletter(query.get("token") ?? "", query.get("email"));
  return result.ok ? { email: result.email } : data({ email: null }, { status: 400 });
}

export const loader = ({ request }: Route.LoaderArgs) => unsubscribeFrom(request);

// RFC 8058 one-click: mail providers POST "List-Unsubscribe=One-Click" to the same address, with no cookie and no
// Origin; the access middleware lets exactly that through (docs/product/content.md#newsletter).
export async function action({ request }: Route.ActionArgs) {
  await readForm(request);
  return unsubscribeFrom(request);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const email = actionData?.email ?? loaderData.email;
  if (!email) {
    return (
      <NewsletterPage title="We couldn't find that subscription">
        <p>
          This unsubscribe link is not valid. If you keep getting our e-mails, write to support@zavolah.ng and we will remove you by hand.
        </p>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title="You're unsubscribed">
      <p>
        <strong className="text-fg">{email}</strong> will get no more marketing e-mails from Zavolah. Messages about your orders, bookings
        and account still reach you.
      </p>
      <p>Changed your mind? Subscribe again from the form at the bottom of this page.</p>
    </NewsletterPage>
  );
}

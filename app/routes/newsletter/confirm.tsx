import { Form } from "react-router";
import type { Route } from "./+types/confirm";
import { NewsletterPage } from "~/components/newsletter-page";
import { buttonClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { confirmSubscription, isConfirmTokenValid } from "@server/content/newsletter/confirm-subscription";
import { readForm } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/newsletter/confirm", args);

// The link only shows a button: mail scanners that open links must not opt anyone in (double opt-in means a person chose).
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isConfirmTokenValid(token), confirmed: null as string | null };
}

export async function action({ request }: Route.ActionArgs) {
  const { token = "" } = await readForm(request);
  const result = await confirmSubscription(token);
  return { confirmed: result.ok ? result.email : null, failed: !result.ok };
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.confirmed) {
    return (
      <NewsletterPage title="You're subscribed">
        <p>
          Thank you. <strong className="text-fg">{actionData.confirmed}</strong> will now receive our latest updates and offers via email.
          Every e-mail has a link to unsubscribe.
        </p>
      </NewsletterPage>
    );
  }
  if (!loaderData.valid || actionData?.failed) {
    return (
      <NewsletterPage title="This link has expired">
        <p>
          This confirmation link is invalid, already used or older than 7 days. Subscribe again from the form at the bottom of any page and
          we will send a new one.
        </p>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title="Confirm your subscription">
      <p>Press the button to start receiving Zavolah's newsletter: solar packages, smart furniture, Academy intakes and offers.</p>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className={buttonClass.primary}>
          Confirm subscription
        </button>
      </Form>
    </NewsletterPage>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/subscribe";
import { parseThen, refuse, succeed } from "@domain/errors/app-error";
import { ZNewsletterSubscribe } from "@domain/content/content-input";
import { getViewerFrom } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { subscribeToNewsletter } from "@server/content/newsletter/subscribe-to-newsletter";
import { clientIp } from "@server/http/client-ip";
import { readFormData } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

// The newsletter messages of docs/product/validation-and-messages.md#newsletter, the same with and without JavaScript.
const DONE = {
  type: "success",
  title: "Subscribed Successfully!",
  description: "Check your inbox and confirm your address. You'll then receive our latest updates and offers via email.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const input = { email: fields.email ?? "", interests: form.getAll("interests").length ? form.getAll("interests") : undefined };
  // A filled honeypot is a bot: it is told "done" and nothing is stored or sent.
  const answer = fields.website
    ? succeed()
    : await parseThen(ZNewsletterSubscribe, input, ["email"], (valid) =>
        subscribeToNewsletter({ ...valid, ip: clientIp(request), userId: getViewerFrom(context)?.id ?? null }),
      );
  // A wrong e-mail is said beside the field; tampered interests get the plain "try again later".
  const result =
    !answer.ok && answer.error.code === "invalid_input" && !answer.error.field ? refuse("invalid_input", "Please try again later") : answer;
  return actionResponse(request, fields, result, {
    done: () => DONE,
    failedTitle: (error) => (error.field === "email" ? "Invalid Email" : "Subscription Failed"),
  });
}

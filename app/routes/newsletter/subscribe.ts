import { data } from "react-router";
import type { Route } from "./+types/subscribe";
import { fieldErrors } from "@domain/auth/auth-input";
import { ZNewsletterSubscribe } from "@domain/content/content-input";
import { getViewerFrom } from "~/http/access.server";
import { subscribeToNewsletter } from "@server/content/newsletter/subscribe-to-newsletter";
import { clientIp } from "@server/http/client-ip";
import { isEnhanced, redirectWithFlash, refererPath } from "~/http/form.server";

export async function loader() {
  throw data(null, { status: 405 });
}

// The newsletter messages of docs/product/validation-and-messages.md#newsletter, the same with and without JavaScript.
const INVALID = { type: "error", title: "Invalid Email", description: "Please enter a valid email address" } as const;
const FAILED = (description: string) => ({ type: "error", title: "Subscription Failed", description }) as const;
const DONE = {
  type: "success",
  title: "Subscribed Successfully!",
  description: "Check your inbox and confirm your address. You'll then receive our latest updates and offers via email.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const enhanced = isEnhanced(fields);
  const back = refererPath(request);
  const reply = (flash: { type: "success" | "error"; title: string; description: string }, status = 200) =>
    enhanced ? data({ flash }, { status }) : redirectWithFlash(back, flash);

  // A filled honeypot is a bot: it is told "done" and nothing is stored or sent.
  if (fields.website) return reply(DONE);
  const parsed = ZNewsletterSubscribe.safeParse({
    email: fields.email ?? "",
    interests: form.getAll("interests").length ? form.getAll("interests") : undefined,
  });
  if (!parsed.success) return reply(fieldErrors(parsed.error).email ? INVALID : FAILED("Please try again later"), 400);
  const result = await subscribeToNewsletter({ ...parsed.data, ip: clientIp(request), userId: getViewerFrom(context)?.id ?? null });
  if (!result.ok) return reply(FAILED(result.message), 429);
  return reply(DONE);
}

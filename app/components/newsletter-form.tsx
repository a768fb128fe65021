import { useClearingForm } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { INVALID_EMAIL } from "@domain/content/public-forms";
import { JsFlag } from "./ui/js-flag";
import { buttonClass, inputClass } from "./ui/styles";

/** Footer sign-up (docs/product/content.md): "Subscribing..." while sending, toasts for the outcome, the address cleared on success. */
export function NewsletterForm() {
  const { fetcher, ref: form, busy } = useClearingForm({ errors: "toast" });

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/newsletter/subscribe"
      noValidate
      className="mt-3"
      onSubmit={(e) => {
        // Non-empty and containing @ (docs/product/validation-and-messages.md#newsletter), checked first; the server checks properly.
        const email = String(new FormData(e.currentTarget).get("email") ?? "").trim();
        if (!email.includes("@")) {
          e.preventDefault();
          toast.error("Invalid Email", { description: INVALID_EMAIL, duration: 5000 });
        }
      }}
    >
      <JsFlag />
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <label htmlFor="newsletter-email" className="block text-sm text-muted">
        News on solar packages, smart furniture and Academy intakes. No spam; leave any time.
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          disabled={busy}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <button type="submit" disabled={busy} className={`${buttonClass.accent} shrink-0`}>
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
    </fetcher.Form>
  );
}

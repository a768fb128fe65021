import { Link } from "react-router";
import { buttonClass, cardClass } from "./ui/styles";

/** The frame of the confirm and unsubscribe pages: one card, one message, one way on. */
export function NewsletterPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <div className={cardClass}>
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">Newsletter</p>
        <h1 className="mt-2 text-2xl font-bold">{title}</h1>
        <div className="mt-3 space-y-4 text-muted">{children}</div>
        <Link to="/" className={`${buttonClass.outline} mt-6`}>
          Back to home
        </Link>
      </div>
    </section>
  );
}

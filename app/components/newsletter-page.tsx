import { Link } from "react-router";
import { buttonClass, cardClass } from "./ui/styles";
import { PageHeader } from "./ui/page-header";

/** The frame of the confirm and unsubscribe pages: one card, one message, one way on. */
export function NewsletterPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <div className={cardClass}>
        <PageHeader eyebrow="Newsletter" title={title} titleClassName="mt-2 text-2xl font-bold" />
        <div className="mt-3 space-y-4 text-muted">{children}</div>
        <Link to="/" className={`${buttonClass.outline} mt-6`}>
          Back to home
        </Link>
      </div>
    </section>
  );
}

import type { ReactNode } from "react";
import { BackLink } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";

/**
 * The page where staff review one submission (a seller's application, a listing): the way back to its queue, its name
 * and where it stands, a card of its details, then the decision (the children).
 */
export function SubmissionReview({
  back,
  title,
  state,
  stateTestId,
  detailsTitle,
  details,
  afterDetails,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  /** Its kind, status and when it was sent. */
  state: ReactNode;
  stateTestId: string;
  detailsTitle: string;
  /** The details' DetailRows. */
  details: ReactNode;
  /** What the details card shows below the list (a listing's photos). */
  afterDetails?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <BackLink to={back.to}>{back.label}</BackLink>
      <header>
        <h1 className="text-3xl font-bold break-words">{title}</h1>
        <p className="mt-1 text-muted" data-testid={stateTestId}>
          {state}
        </p>
      </header>
      <section className={cardClass} aria-labelledby="details">
        <h2 id="details" className="mb-2 text-lg font-bold">
          {detailsTitle}
        </h2>
        <dl className="divide-y divide-line">{details}</dl>
        {afterDetails}
      </section>
      {children}
    </div>
  );
}

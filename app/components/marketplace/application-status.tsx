import type { ReactNode } from "react";
import { cardClass } from "~/components/ui/styles";
import type { TApplicationStatus } from "@domain/marketplace/marketplace";

// Where an application stands, for a would-be seller (docs/product/marketplace.md#applications) and a would-be investor
// (docs/product/investments.md#applications): our team reviews both the same way.

/** The status card's frame: a coloured left border, an icon, a heading and what it means. */
export function StatusCard({ tone, icon, title, children }: { tone: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className={`${cardClass} border-l-4 ${tone}`} aria-labelledby="application-status" data-testid="application-status">
      <div className="flex items-start gap-3">
        {icon}
        <div className="min-w-0 space-y-2">
          <h2 id="application-status" className="text-lg font-bold">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}

type TReviewedApplication = {
  status: TApplicationStatus;
  reviewNote: string | null;
  /** The bank and the masked account number. */
  bank: string;
  accountName: string;
  accountVerified: boolean;
};

/**
 * The latest application: `children` say when it was sent and what happens next; below them, what the reviewers wrote
 * (their question, with `toAnswer` saying what to do, or their reason for saying no) and the account the money goes to.
 */
export function ApplicationStatusCard({
  application: a,
  icon,
  title,
  toAnswer,
  paidTo,
  children,
}: {
  application: TReviewedApplication;
  icon: ReactNode;
  title: string;
  toAnswer: string;
  /** "Payouts to", "Payments to". */
  paidTo: string;
  children: ReactNode;
}) {
  const tone = a.status === "rejected" ? "border-l-danger" : a.status === "needs_info" ? "border-l-accent" : "border-l-brand";
  return (
    <StatusCard tone={tone} icon={icon} title={title}>
      {children}
      {a.status === "needs_info" ? (
        <p className="text-sm">
          Our team asks: <q className="font-medium">{a.reviewNote}</q> {toAnswer}
        </p>
      ) : null}
      {a.status === "rejected" ? (
        <p className="text-sm">
          Reason: <q className="font-medium">{a.reviewNote}</q> You can apply again below once this is addressed.
        </p>
      ) : null}
      <p className="text-sm">
        {paidTo} {a.bank}, {a.accountName}
        {a.accountVerified ? " (confirmed by the bank)" : " (our team confirms the name)"}
      </p>
    </StatusCard>
  );
}

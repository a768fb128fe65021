import type { ReactNode } from "react";
import { cardClass } from "~/components/ui/styles";

// The pieces of the customer record's panels (docs/product/crm.md#the-record); each panel's form is a useClearingForm.

/** A panel of the record, named by its heading. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`${cardClass} space-y-3`} aria-labelledby={`panel-${title}`}>
      <h2 id={`panel-${title}`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { cardClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

// The pieces of the customer record's panels (docs/product/crm.md#the-record).

/** A quick-action form: posts with the intent, shows refusals beside the fields, empties itself after success. */
export function useQuickForm() {
  const fetcher = useFetcher<TActionAnswer>();
  const toast = useActionToast(fetcher);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) ref.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return { fetcher, ref, ...toast };
}

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

import type { ReactNode } from "react";
import { cardClass } from "./styles";

/** A card of a settings page under its heading, which names the section for screen readers (`${id}-title`). */
export function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={cardClass} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

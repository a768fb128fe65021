import { Link } from "react-router";
import { buttonClass } from "./styles";

/** One call to action: where it goes, its words, and which button look it wears. */
export type TLinkButton = { to: string; label: string; look: "primary" | "outline" };

/** A row of links styled as buttons, where a page offers the visitor its next steps. */
export function LinkButtons({ links, className }: { links: readonly TLinkButton[]; className: string }) {
  return (
    <div className={className}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={buttonClass[link.look]}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}

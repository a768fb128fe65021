import type { ReactNode } from "react";

/**
 * A page's opening lines: the small accent line naming the part of the site, the page's h1 and, when given as
 * children, the intro paragraph under it. The page keeps its own wrapper (header, section or div), so the
 * lines sit in whatever layout the page has; a landing page passes larger title and intro classes.
 */
export function PageHeader({
  eyebrow,
  title,
  titleClassName = "mt-2 text-3xl font-bold",
  introClassName = "mt-2 text-muted",
  children,
}: {
  eyebrow: ReactNode;
  title: ReactNode;
  titleClassName?: string;
  introClassName?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-widest text-accent">{eyebrow}</p>
      <h1 className={titleClassName}>{title}</h1>
      {children === undefined ? null : <p className={introClassName}>{children}</p>}
    </>
  );
}

import { LinkButtons, type TLinkButton } from "./link-buttons";

/** A catalogue's card for a list with nothing in it: what was not found, what to try, and where to go instead. */
export function EmptyResults({
  title,
  hint,
  links,
  testId,
}: {
  title: string;
  hint: string;
  links: readonly TLinkButton[];
  testId?: string;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface p-8 text-center sm:p-10" data-testid={testId}>
      <h3 className="text-xl font-semibold">{title}</h3>
      <p className="mt-2 text-muted">{hint}</p>
      <LinkButtons className="mt-6 flex flex-wrap justify-center gap-3" links={links} />
    </div>
  );
}

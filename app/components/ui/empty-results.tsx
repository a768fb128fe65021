import { Link } from "react-router";
import { buttonClass } from "./styles";
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

/** A dashboard section with nothing in it yet: what is missing, what it would hold, and where to start. */
export function NothingYet({ title, text, to, cta, testId }: { title: string; text: string; to: string; cta: string; testId: string }) {
  return (
    <div className="mt-4 rounded-xl border border-dashed border-line p-6 text-center" data-testid={testId}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-muted">{text}</p>
      <Link to={to} className={`${buttonClass.primary} mt-4`}>
        {cta}
      </Link>
    </div>
  );
}

import { data, Link } from "react-router";
import type { Route } from "./+types/email-templates";
import { cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { listTemplatePreviews, renderTemplatePreview } from "@server/messaging/template-previews";

export const meta: Route.MetaFunction = (args) => metaFor("/admin/email-templates", args);

const WIDTHS = { desktop: 600, phone: 360 } as const;
type TWidth = keyof typeof WIDTHS;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const params = new URL(request.url).searchParams;
  const templates = listTemplatePreviews();
  const id = params.get("template") ?? templates[0]!.id;
  const open = renderTemplatePreview(id);
  if (!open) throw data("No such template", { status: 404 });
  const width: TWidth = params.get("width") === "phone" ? "phone" : "desktop";
  return { templates, open, width };
}

const toggleClass = (on: boolean) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold ${on ? "bg-brand text-brand-contrast" : "border border-line bg-surface hover:bg-surface-2"}`;

export default function EmailTemplates({ loaderData }: Route.ComponentProps) {
  const { templates, open, width } = loaderData;
  const groups = [...new Set(templates.map((t) => t.group))];
  const href = (id: string, w: TWidth) => `?template=${id}${w === "phone" ? "&width=phone" : ""}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin/dashboard" className="text-brand underline">
          Admin dashboard
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">E-mail templates</h1>
      <p className="mt-1 text-muted">
        Every e-mail the site sends, rendered with sample data: the HTML as mail clients show it, and the plain-text part.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav className={`${cardClass} self-start`} aria-label="Templates">
          {groups.map((group) => (
            <div key={group} className="mb-3 last:mb-0">
              <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">{group}</h2>
              <ul className="mt-1">
                {templates
                  .filter((t) => t.group === group)
                  .map((t) => (
                    <li key={t.id}>
                      <Link
                        to={href(t.id, width)}
                        preventScrollReset
                        aria-current={t.id === open.id ? "page" : undefined}
                        className={`block rounded-lg px-2 py-2 text-sm hover:bg-surface-2 ${t.id === open.id ? "bg-surface-2 font-semibold text-brand" : ""}`}
                      >
                        {t.name}
                      </Link>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </nav>
        <article className={`${cardClass} min-w-0`} aria-labelledby="template-title">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="template-title" className="text-xl font-semibold">
                {open.name}
                {open.marketing ? (
                  <span className="ml-2 rounded-full bg-accent px-2 py-0.5 align-middle text-xs font-semibold text-accent-contrast">
                    Marketing
                  </span>
                ) : null}
              </h2>
              <p className="mt-1 break-words text-sm">
                <span className="text-muted">Subject: </span>
                <span data-testid="template-subject">{open.subject}</span>
              </p>
            </div>
            <div className="flex gap-2" role="group" aria-label="Preview width">
              {(Object.keys(WIDTHS) as TWidth[]).map((w) => (
                <Link
                  key={w}
                  to={href(open.id, w)}
                  preventScrollReset
                  aria-current={w === width ? "true" : undefined}
                  className={toggleClass(w === width)}
                >
                  {w === "desktop" ? "Desktop" : "Phone"} {WIDTHS[w]} px
                </Link>
              ))}
            </div>
          </div>
          <div className="mt-4 overflow-x-auto rounded-lg bg-[#f3f4f6] p-2">
            {/* No scripts can run in the preview: sandbox="" with nothing allowed. */}
            <iframe
              title={`HTML preview: ${open.name}`}
              sandbox=""
              srcDoc={open.html}
              style={{ width: WIDTHS[width] + 16 }}
              className="mx-auto block h-[900px] max-w-none border-0 bg-white"
            />
          </div>
          <h3 className="mt-6 text-lg font-semibold">Plain text</h3>
          <pre
            className="mt-2 whitespace-pre-wrap break-words rounded-lg border border-line bg-surface-2 p-4 font-sans text-sm"
            data-testid="template-text"
          >
            {open.text}
          </pre>
        </article>
      </div>
    </div>
  );
}

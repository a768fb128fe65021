import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/blog";
import { boundField, Field, FormError, SelectField, TextareaField } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { BLOG_IMAGES } from "@domain/content/blog";
import { ZBlogPostInput } from "@domain/content/blog-input";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { getPostForEdit, listAllPosts } from "@server/content/blog/list-all-posts";
import { parseThen, refuse } from "@domain/errors/app-error";
import { parseAddressId } from "@domain/http/outside-text";
import { formErrorsIn, formRefusalIn } from "~/lib/action-answer";
import { formRefusal } from "~/http/action-response.server";
import { publishPost } from "@server/content/blog/publish-post";
import { unpublishPost } from "@server/content/blog/unpublish-post";
import { savePost } from "@server/content/blog/save-post";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { StaffSection } from "~/components/ui/staff-page";

export const meta: Route.MetaFunction = (args) => metaFor("/admin/blog", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const url = new URL(request.url);
  const editId = parseAddressId(url.searchParams.get("edit"));
  const [posts, editing] = await Promise.all([listAllPosts(), editId ? getPostForEdit(editId) : null]);
  if (editId && !editing) throw data(null, { status: 404, statusText: "Not Found" });
  return { posts, editing, isNew: url.searchParams.has("new") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const id = parseAddressId(fields.id);
  switch (fields.intent) {
    case "save":
    case "publish": {
      const result = await parseThen(ZBlogPostInput, fields, undefined, (input) =>
        savePost(viewer, input, { id: id ?? undefined, publish: fields.intent === "publish" }),
      );
      if (!result.ok) return formRefusal(result, fields);
      const title = fields.intent === "publish" ? "Post published" : result.status === "published" ? "Post updated" : "Draft saved";
      return redirectWithFlash("/admin/blog", { type: "success", title, description: fields.title?.trim().slice(0, 200) });
    }
    case "publish-existing":
    case "unpublish":
    case "archive": {
      if (!id) return formRefusal(refuse("invalid_input", "Which post? The form was incomplete."), {});
      const result =
        fields.intent === "publish-existing"
          ? await publishPost(viewer.id, id)
          : await unpublishPost(viewer.id, id, fields.intent === "archive" ? "archived" : "draft");
      if (!result.ok) return redirectWithFlash("/admin/blog", { type: "error", title: result.error.message });
      const title =
        fields.intent === "publish-existing" ? "Post published" : fields.intent === "archive" ? "Post archived" : "Post unpublished";
      return redirectWithFlash("/admin/blog", { type: "success", title, description: `/blog/${result.slug}` });
    }
    default:
      return formRefusal(refuse("invalid_input", "Unknown action"), {});
  }
}

const STATUS_STYLE: Record<string, string> = {
  published: "border-brand/50 bg-brand/10 text-brand",
  draft: "border-line bg-surface-2 text-muted",
  archived: "border-accent/50 bg-accent/10 text-accent",
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[status] ?? STATUS_STYLE.draft}`}
    >
      {status}
    </span>
  );
}

function RowAction({ id, intent, label, title }: { id: number; intent: string; label: string; title: string }) {
  return (
    <Form method="post" action="/admin/blog">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={buttonClass.ghost} aria-label={`${label}: ${title}`}>
        {label}
      </button>
    </Form>
  );
}

const POST_COLUMNS: TStaffColumn<Route.ComponentProps["loaderData"]["posts"][number]>[] = [
  {
    header: "Title",
    cell: (p) => (
      <Link to={`/admin/blog?edit=${p.id}`} className="font-medium hover:text-brand hover:underline">
        {p.title}
      </Link>
    ),
  },
  { header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
  { header: "Author", cell: (p) => p.author },
  { header: "Last change", className: "whitespace-nowrap", cell: (p) => formatLagosDateLong(p.updatedAt) },
  {
    header: "Actions",
    headerHidden: true,
    cell: (p) => (
      <div className="flex justify-end gap-1">
        {p.status === "published" ? (
          <>
            <Link to={`/blog/${p.slug}`} className={buttonClass.ghost} aria-label={`View: ${p.title}`}>
              View
            </Link>
            <RowAction id={p.id} intent="unpublish" label="Unpublish" title={p.title} />
          </>
        ) : (
          <RowAction id={p.id} intent="publish-existing" label="Publish" title={p.title} />
        )}
        {p.status !== "archived" ? <RowAction id={p.id} intent="archive" label="Archive" title={p.title} /> : null}
      </div>
    ),
  },
];

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { posts, editing, isNew } = loaderData;
  const failed = formRefusalIn(actionData);
  const errors = formErrorsIn(failed);
  const values = failed?.values;
  const showForm = Boolean(editing || isNew || (failed && (values?.intent === "save" || values?.intent === "publish")));
  // The form shows what was sent back after a refusal, else the post being edited.
  const field = boundField(
    values ??
      (editing
        ? {
            title: editing.title,
            excerpt: editing.excerpt,
            content: editing.content,
            tags: editing.tags.join(", "),
            featuredImage: editing.featuredImage ?? undefined,
          }
        : {}),
    errors,
  );
  const published = editing?.status === "published";

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Blog posts</h1>
          <p className="text-muted">
            Drafts are visible only here. Publishing puts a post on /blog and in the sitemap; both are recorded in the audit log.
          </p>
        </div>
        {!showForm ? (
          <Link to="/admin/blog?new=1" className={buttonClass.primary}>
            New post
          </Link>
        ) : null}
      </header>

      {!showForm && failed ? <FormError message={errors.form} /> : null}

      {showForm ? (
        <section className={cardClass} aria-labelledby="post-form-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="post-form-title" className="text-xl font-semibold">
              {editing ? "Edit post" : "New post"}
            </h2>
            {editing ? <StatusBadge status={editing.status} /> : null}
          </div>
          {editing && published ? (
            <p className="mt-1 text-sm text-muted">
              Live at{" "}
              <Link to={`/blog/${editing.slug}`} className="text-brand underline">
                /blog/{editing.slug}
              </Link>
              . Its address stays the same if you change the title.
            </p>
          ) : null}
          <Form
            method="post"
            action={editing ? `/admin/blog?edit=${editing.id}` : "/admin/blog?new=1"}
            className="mt-4 space-y-4"
            noValidate
            key={editing?.id ?? "new"}
          >
            <FormError message={errors.form} />
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            <Field label="Title" {...field("title")} hint="5 to 140 characters." required maxLength={140} />
            <TextareaField
              label="Excerpt"
              {...field("excerpt")}
              hint="20 to 300 characters, shown on the blog list and in search results."
              rows={3}
              maxLength={300}
              required
            />
            <TextareaField
              label="Content"
              {...field("content")}
              hint="Plain text, at least 50 characters. Leave a blank line between paragraphs."
              rows={14}
              required
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Tags" {...field("tags")} hint="Comma-separated, up to 8, e.g. solar, inverters, ibadan" />
              <SelectField
                label="Featured image"
                {...field("featuredImage")}
                placeholder="None"
                options={BLOG_IMAGES.map((img) => [img.path, img.label] as const)}
              />
            </div>
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="save"
                className={published ? buttonClass.primary : buttonClass.outline}
                disabled={busy}
              >
                {published ? "Save changes" : "Save draft"}
              </button>
              {!published ? (
                <button type="submit" name="intent" value="publish" className={buttonClass.primary} disabled={busy}>
                  Publish
                </button>
              ) : null}
              <Link to="/admin/blog" className={buttonClass.ghost}>
                Cancel
              </Link>
            </div>
          </Form>
        </section>
      ) : null}

      <StaffSection
        titleId="posts-title"
        title={
          <>
            All posts <span className="text-base font-normal text-muted">({posts.length})</span>
          </>
        }
        className={cardClass}
      >
        {posts.length === 0 ? (
          <p className="mt-3 text-muted">No posts yet. Write the first one.</p>
        ) : (
          <div className="mt-3">
            <StaffTable
              label="All posts"
              framed={false}
              columns={POST_COLUMNS}
              rows={posts}
              rowKey={(p) => p.id}
              rowProps={() => ({ "data-testid": "admin-post-row", className: "align-middle" })}
              empty={null}
            />
          </div>
        )}
      </StaffSection>
    </div>
  );
}

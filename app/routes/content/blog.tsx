import { data, Link } from "react-router";
import type { Route } from "./+types/blog";
import { PostByline, PostTags } from "~/components/blog/post-meta";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { buttonClass } from "~/components/ui/styles";
import { BLOG_IMAGE_SIZE, blogImage, parsePage, parseTagFilter } from "@domain/content/blog";
import { metaFor } from "~/lib/meta";
import { listPublishedPosts } from "@server/content/blog/list-published-posts";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const tag = parseTagFilter(url.searchParams.get("tag"));
  const list = await listPublishedPosts({ page, tag });
  // A page past the end is not a page: search engines must not index empty copies.
  if (page > list.pageCount) throw data(null, { status: 404, statusText: "Not Found" });
  return { ...list, tag };
}

export const meta: Route.MetaFunction = (args) => {
  const d = args.data;
  const suffix = d && d.page > 1 ? `, page ${d.page}` : "";
  return metaFor("/blog", args, {
    title: d?.tag ? `Blog: posts tagged ${d.tag}${suffix}` : d && d.page > 1 ? `Blog${suffix}` : undefined,
    // A tag is a view of the blog, not a page of its own.
    canonicalPath: d?.tag ? "/blog" : undefined,
  });
};

function pageHref(page: number, tag: string | null) {
  const q = new URLSearchParams();
  if (tag) q.set("tag", tag);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/blog?${s}` : "/blog";
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount, tag, total } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <PageHeader
          eyebrow="Zavolah blog"
          title={tag ? `Posts tagged #${tag}` : "Guides and news from the team"}
          titleClassName="mt-2 text-4xl font-bold"
          introClassName="mt-3 text-lg text-muted"
        >
          Solar power, batteries, smart furniture and EV charging in Nigeria, written by the engineers and designers who install them.
        </PageHeader>
        {tag ? (
          <p className="mt-3 text-sm">
            {total} post{total === 1 ? "" : "s"} ·{" "}
            <Link to="/blog" className="font-semibold text-brand underline underline-offset-4">
              Show all posts
            </Link>
          </p>
        ) : null}
      </header>

      {posts.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-line bg-surface p-10 text-center">
          <h2 className="text-xl font-semibold">{tag ? `No posts tagged #${tag} yet` : "No posts yet"}</h2>
          <p className="mt-2 text-muted">Our team is writing the first guides. Meanwhile, we are happy to answer questions directly.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {tag ? (
              <Link to="/blog" className={buttonClass.primary}>
                All posts
              </Link>
            ) : null}
            <Link to="/services" className={buttonClass.outline}>
              Book a consultation
            </Link>
          </div>
        </div>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, i) => {
            const image = blogImage(post.featuredImage);
            return (
              <li key={post.id} className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
                {image ? (
                  <img
                    src={image.path}
                    alt=""
                    width={BLOG_IMAGE_SIZE.width}
                    height={BLOG_IMAGE_SIZE.height}
                    loading={i === 0 ? "eager" : "lazy"}
                    decoding="async"
                    className="aspect-[40/21] h-auto w-full bg-surface-2 object-cover"
                  />
                ) : null}
                <div className="flex flex-1 flex-col gap-3 p-5">
                  <h2 className="text-xl font-semibold leading-snug">
                    <Link to={`/blog/${post.slug}`} prefetch="intent" className="hover:text-brand hover:underline">
                      {post.title}
                    </Link>
                  </h2>
                  <PostByline author={post.author} publishedAt={post.publishedAt} />
                  <p className="text-muted">{post.excerpt}</p>
                  <div className="mt-auto pt-2">
                    <PostTags tags={post.tags} label={`Tags of ${post.title}`} />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Pagination
        page={page}
        pageCount={pageCount}
        href={(n) => pageHref(n, tag)}
        label="Blog pages"
        previousText="Newer posts"
        nextText="Older posts"
      />
    </div>
  );
}

import { data, Link } from "react-router";
import type { Route } from "./+types/blog-post";
import { PostByline, PostTags } from "~/components/blog/post-meta";
import { buttonClass } from "~/components/ui/styles";
import { BLOG_IMAGE_SIZE, blogImage, toParagraphs } from "@domain/content/blog";
import { metaFor, originFrom } from "~/lib/meta";
import { blogPostingJsonLd } from "~/lib/structured-data";
import { getPublishedPost } from "@server/content/blog/get-published-post";

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPublishedPost(params.slug);
  // Unknown, draft and archived posts are the same 404 as any unknown page (root's boundary shows it).
  if (!post) throw data(null, { status: 404, statusText: "Not Found" });
  return { post };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.data?.post;
  if (!post) return metaFor("/blog/:slug", args);
  const origin = originFrom(args);
  return metaFor("/blog/:slug", args, {
    title: post.title,
    description: post.excerpt,
    type: "article",
    canonicalPath: `/blog/${post.slug}`,
    jsonLd: origin ? [blogPostingJsonLd(origin, post)] : [],
    extra: [
      { property: "article:published_time", content: new Date(post.publishedAt).toISOString() },
      { property: "article:modified_time", content: new Date(post.updatedAt).toISOString() },
      { property: "article:author", content: post.author },
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    ],
  });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const image = blogImage(post.featuredImage);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/blog" className="font-semibold text-brand underline-offset-4 hover:underline">
          ← All posts
        </Link>
      </nav>
      <header className="mt-4 space-y-4">
        <h1 className="text-3xl font-bold leading-tight sm:text-4xl">{post.title}</h1>
        <PostByline author={post.author} publishedAt={post.publishedAt} />
        <PostTags tags={post.tags} />
      </header>
      {image ? (
        <img
          src={image.path}
          alt={image.label}
          width={BLOG_IMAGE_SIZE.width}
          height={BLOG_IMAGE_SIZE.height}
          fetchPriority="high"
          className="mt-8 aspect-[40/21] h-auto w-full rounded-2xl border border-line bg-surface-2 object-cover"
        />
      ) : null}
      <p className="mt-8 text-xl leading-relaxed text-muted">{post.excerpt}</p>
      {/* Plain text from the editor: React escapes it; single line breaks stay visible. */}
      <div className="mt-6 space-y-5 text-lg leading-relaxed">
        {toParagraphs(post.content).map((paragraph, i) => (
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <footer className="mt-12 rounded-2xl border border-line bg-surface p-6">
        <h2 className="text-lg font-semibold">Need help with your own project?</h2>
        <p className="mt-1 text-muted">Our engineers survey homes and businesses from our offices in Osogbo, Ibadan and Lagos.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/services" className={buttonClass.primary}>
            Book a consultation
          </Link>
          <Link to="/blog" className={buttonClass.outline}>
            More posts
          </Link>
        </div>
      </footer>
    </article>
  );
}

import { blogPosts } from "../schema";

/** What a reader sees of a post (lists and the post page): no author id, no draft bookkeeping. */
export const publicPostColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  featuredImage: blogPosts.featuredImage,
  author: blogPosts.author,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};

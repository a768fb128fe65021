import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BLOG_PAGE_SIZE } from "@domain/content/blog";
import { ZBlogPostInput } from "@domain/content/blog-input";
import { invalidInput } from "@domain/errors/app-error";
import { useTestDatabase } from "../../../tests/support/test-database";
import { auditLog } from "../../audit/schema";
import { users } from "../../auth/schema";
import { getDb } from "../../db/client";
import { DEMO_POSTS, DRAFT_POST_SLUG, SAMPLE_POST_SLUG } from "../../db/seed/blog-data";
import { seedBlog } from "../../db/seed/seed-blog";
import { blogPosts } from "../schema";
import { getPublishedPost } from "./get-published-post";
import { listAllPosts } from "./list-all-posts";
import { listPublishedPosts, listPublishedPostUrls } from "./list-published-posts";
import { publishPost } from "./publish-post";
import { unpublishPost } from "./unpublish-post";
import { savePost } from "./save-post";

useTestDatabase();

const STAFF = { id: "staff-1", name: "Tunde Bakare" };
const fields = (over: Record<string, string> = {}) => ({
  title: "Keeping panels clean in harmattan",
  excerpt: "Dust from the harmattan can cut panel output by a quarter. Here is a safe cleaning routine.",
  content: "Harmattan dust settles on panels from November.\n\nRinse with clean water early in the morning, never with a hard brush.",
  tags: "solar, maintenance",
  featuredImage: "/images/blog/solar-home.svg",
  ...over,
});

/** The form's fields as the route passes them on: parsed by the form's own rules. */
const postInput = (over: Record<string, string> = {}) => ZBlogPostInput.parse(fields(over));

async function ensureStaff() {
  await getDb()
    .insert(users)
    .values({ id: STAFF.id, email: "writer@zavolah.ng", name: STAFF.name, emailVerified: true, role: "staff" })
    .onConflictDoNothing();
}

describe("blog use cases", () => {
  it("seeds five published posts and a draft, once, all valid by the form's own rules", async () => {
    for (const p of DEMO_POSTS) expect(ZBlogPostInput.safeParse({ ...p, tags: p.tags.join(",") }).success, p.slug).toBe(true);
    await seedBlog();
    await seedBlog();
    const all = await listAllPosts();
    expect(all).toHaveLength(6);
    const listed = await listPublishedPosts();
    expect(listed.total).toBe(5);
    expect(listed.posts[0]!.slug).toBe(SAMPLE_POST_SLUG); // newest first
    expect(listed.posts.map((p) => p.publishedAt.getTime())).toEqual(
      [...listed.posts.map((p) => p.publishedAt.getTime())].sort((a, b) => b - a),
    );
    expect(await getPublishedPost(DRAFT_POST_SLUG)).toBeNull();
    expect((await listPublishedPostUrls()).map((u) => u.slug)).not.toContain(DRAFT_POST_SLUG);
    expect((await listPublishedPosts({ tag: "zavcharge" })).posts.map((p) => p.slug)).toEqual([
      "zavcharge-solar-ev-charging-comes-to-lagos-and-ibadan",
    ]);
  });

  it("names each field for bad input, so the form refuses it before anything is stored", async () => {
    const parsed = ZBlogPostInput.safeParse(fields({ title: "Hey", content: "short" }));
    expect(parsed.success).toBe(false);
    const refusal = invalidInput(parsed.error!);
    expect(refusal.error.status).toBe(400);
    expect(refusal.error.fieldErrors).toEqual({
      title: "Title must be at least 5 characters",
      content: "Content must be at least 50 characters",
    });
  });

  it("saves a draft that readers cannot see, then publishes it with an audit entry", async () => {
    await ensureStaff();
    const saved = await savePost(STAFF, postInput());
    expect(saved).toMatchObject({ ok: true, slug: "keeping-panels-clean-in-harmattan", status: "draft" });
    if (!saved.ok) throw new Error("not saved");
    expect(await getPublishedPost(saved.slug)).toBeNull();

    // A second post with the same title gets its own slug.
    const twin = await savePost(STAFF, postInput());
    expect(twin).toMatchObject({ ok: true, slug: "keeping-panels-clean-in-harmattan-2" });

    // While a draft, the slug follows the title.
    const renamed = await savePost(STAFF, postInput({ title: "Cleaning solar panels in harmattan" }), { id: saved.id });
    expect(renamed).toMatchObject({ ok: true, slug: "cleaning-solar-panels-in-harmattan" });

    const published = await publishPost(STAFF.id, saved.id);
    expect(published).toMatchObject({ ok: true, changed: true });
    const post = await getPublishedPost("cleaning-solar-panels-in-harmattan");
    expect(post).toMatchObject({ title: "Cleaning solar panels in harmattan", author: "Tunde Bakare", tags: ["solar", "maintenance"] });
    const firstPublished = post!.publishedAt;

    // Once published, the slug stays even if the title changes.
    await savePost(STAFF, postInput({ title: "Cleaning solar panels when harmattan comes" }), { id: saved.id });
    expect(await getPublishedPost("cleaning-solar-panels-in-harmattan")).toMatchObject({
      title: "Cleaning solar panels when harmattan comes",
    });

    await unpublishPost(STAFF.id, saved.id);
    expect(await getPublishedPost("cleaning-solar-panels-in-harmattan")).toBeNull();
    await publishPost(STAFF.id, saved.id);
    expect((await getPublishedPost("cleaning-solar-panels-in-harmattan"))!.publishedAt).toEqual(firstPublished);

    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceType, "blog_post"), eq(auditLog.resourceId, String(saved.id))));
    expect(audit.map((a) => a.action)).toEqual(["blog.publish", "blog.unpublish", "blog.publish"]);
    expect(audit[0]).toMatchObject({ actorId: STAFF.id, oldData: { status: "draft" }, newData: { status: "published" } });
  });

  it("saves and publishes in one step, and pages the list", async () => {
    await ensureStaff();
    const result = await savePost(STAFF, postInput({ title: "Publishing straight away" }), { publish: true });
    expect(result).toMatchObject({ ok: true, status: "published" });
    const total = (await listPublishedPosts()).total;
    for (let i = 0; i < BLOG_PAGE_SIZE; i++) await savePost(STAFF, postInput({ title: `Filler post number ${i}` }), { publish: true });
    const page2 = await listPublishedPosts({ page: 2 });
    expect(page2.pageCount).toBe(Math.ceil((total + BLOG_PAGE_SIZE) / BLOG_PAGE_SIZE));
    expect(page2.posts.length).toBe(Math.min(BLOG_PAGE_SIZE, total + BLOG_PAGE_SIZE - BLOG_PAGE_SIZE));
    const [row] = await getDb().select({ status: blogPosts.status }).from(blogPosts).where(eq(blogPosts.slug, "publishing-straight-away"));
    expect(row!.status).toBe("published");
  });
});

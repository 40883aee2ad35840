import type { RouteHandle } from "@aea/domain";
import { data } from "react-router";
import { appContext } from "../app-context";
import { POST_SUMMARY_FIELDS, readPostSummary, readTag, rows } from "../features/resources/content-readers";
import { PostCard, type PostSummary, TagFilter, type TagRef } from "../features/resources/posts";
import { ResourcesHeader } from "../features/resources/resources-header";
import { contentFile } from "../lib/content/content-fields";
import { ContentImage } from "../lib/content/content-image";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/resources.posts.all";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const tag = new URL(request.url).searchParams.get("tag")?.trim().toLowerCase() || undefined;
  // The blog is a few dozen posts: one query for all, narrowed here, gives the tags' counts too.
  const [posts, tags] = await Promise.all([
    core.content.readItems("post", {
      fields: [...POST_SUMMARY_FIELDS],
      sort: ["-date_published", "-id"],
      limit: -1,
    }),
    core.content.readItems("post_tag", { fields: ["name", "slug"], sort: ["name"], limit: -1 }),
  ]);
  const all = rows(posts.data)
    .map((row) => ({ post: readPostSummary(row), image: contentFile(row.image) }))
    .filter(
      (entry): entry is { post: PostSummary; image: ReturnType<typeof contentFile> } => entry.post !== null,
    );
  const counts = new Map<string, number>();
  for (const { post } of all) for (const t of post.tags) counts.set(t.slug, (counts.get(t.slug) ?? 0) + 1);
  const tagList = rows(tags.data)
    .map(readTag)
    .filter((t): t is TagRef => t !== null && (counts.get(t.slug) ?? 0) > 0)
    .map((t) => ({ ...t, count: counts.get(t.slug) ?? 0 }));
  const activeTag = tag ? tagList.find((t) => t.slug === tag) : undefined;
  const payload = {
    posts: tag ? all.filter(({ post }) => post.tags.some((t) => t.slug === tag)) : all,
    tags: tagList,
    activeTag: activeTag ?? (tag ? { name: tag, slug: tag, count: 0 } : undefined),
    total: all.length,
  };
  // A tag that names no posts is a page that does not exist.
  return tag && !activeTag ? data(payload, { status: 404 }) : payload;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tag = loaderData?.activeTag;
  return [
    { title: pageTitle(matches, tag ? `Posts: ${tag.name}` : "Posts") },
    {
      name: "description",
      content: "Market updates, divestiture advice and data-room practice from our oil and gas advisors.",
    },
    ...(tag && tag.count === 0 ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function PostsPage({ loaderData }: Route.ComponentProps) {
  const { posts, tags, activeTag, total } = loaderData;
  return (
    <div className="bg-navy-50/60 pb-16">
      <ResourcesHeader
        title={activeTag ? `Posts: ${activeTag.name}` : "Posts"}
        current="/resources/posts/all"
      >
        <p>Market updates, divestiture advice and notes from our engineers and deal team.</p>
      </ResourcesHeader>
      <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 sm:pt-10">
        <TagFilter tags={tags} active={activeTag?.slug} total={total} />
        <p className="sr-only" role="status">
          {posts.length} {posts.length === 1 ? "post" : "posts"}
          {activeTag ? ` tagged ${activeTag.name}` : ""}
        </p>
        {posts.length === 0 ? (
          <p className="mt-10 rounded-card border border-navy-100 bg-white p-8 text-center text-slate-650">
            No posts are tagged “{activeTag?.name}”.{" "}
            <a href="/resources/posts/all" className="font-semibold text-navy-700 underline">
              See all posts
            </a>
          </p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map(({ post, image }, i) => (
              <li key={post.slug}>
                <PostCard
                  post={post}
                  image={
                    image ? (
                      <ContentImage
                        file={image}
                        widths={[400, 640, 800]}
                        sizes="(min-width: 1000px) 400px, (min-width: 600px) 50vw, 100vw"
                        aspect={{ width: 16, height: 9 }}
                        alt=""
                        loading={i < 3 ? "eager" : "lazy"}
                        className="h-full w-full object-cover"
                      />
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

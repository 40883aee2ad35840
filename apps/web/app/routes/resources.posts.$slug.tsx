import type { RouteHandle } from "@aea/domain";
import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { appContext } from "../app-context";
import { POST_SUMMARY_FIELDS, readPostSummary, rows } from "../features/resources/content-readers";
import { PostByline, PostCard, PostTags } from "../features/resources/posts";
import { contentFile } from "../lib/content/content-fields";
import { ContentImage } from "../lib/content/content-image";
import { RichText } from "../lib/content/safe-html";
import { sanitizeContentHtml } from "../lib/content/sanitize-html.server";
import { shareImagePath } from "../lib/content/seo";
import { pageTitle, type SiteData } from "../lib/site";
import type { Route } from "./+types/resources.posts.$slug";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const [found, latest] = await Promise.all([
    core.content.readItems("post", {
      fields: [...POST_SUMMARY_FIELDS, "body", "author.title"],
      filter: { slug: { _eq: params.slug } },
      limit: 1,
    }),
    core.content.readItems("post", {
      fields: [...POST_SUMMARY_FIELDS],
      filter: { slug: { _neq: params.slug } },
      sort: ["-date_published", "-id"],
      limit: 3,
    }),
  ]);
  const [row] = rows(found.data);
  const post = row ? readPostSummary(row) : null;
  if (!row || !post) throw data(null, { status: 404 });
  const author = row.author as { title?: unknown } | null;
  return {
    post,
    authorTitle: typeof author?.title === "string" ? author.title : "",
    image: contentFile(row.image),
    // Content HTML is cleaned here on the server; the sanitiser never reaches the browser.
    body: sanitizeContentHtml(row.body),
    more: rows(latest.data)
      .map((r) => ({ post: readPostSummary(r), image: contentFile(r.image) }))
      .filter((entry) => entry.post !== null),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Post") }];
  const { post, image } = loaderData;
  const site = matches.find((m) => m?.id === "root")?.loaderData as SiteData | undefined;
  const base = site?.publicUrl ?? "";
  const url = `${base}/resources/posts/${post.slug}`;
  return [
    { title: pageTitle(matches, post.title) },
    ...(post.summary ? [{ name: "description", content: post.summary }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:url", content: url },
    ...(post.summary ? [{ property: "og:description", content: post.summary }] : []),
    ...(image
      ? [
          {
            property: "og:image",
            content: `${base}${shareImagePath(image)}`,
          },
        ]
      : []),
    ...(post.date ? [{ property: "article:published_time", content: post.date }] : []),
  ];
};

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, authorTitle, image, body, more } = loaderData;
  return (
    <div className="pb-16">
      <article>
        <header className="bg-navy-900 text-white">
          <div
            className={`mx-auto max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12 ${image ? "pb-24 sm:pb-28" : "pb-10"}`}
          >
            <Link
              to="/resources/posts/all"
              className="inline-flex items-center gap-1.5 font-semibold text-navy-100 text-sm hover:text-white hover:underline"
            >
              <ArrowLeft aria-hidden size={16} /> All posts
            </Link>
            <h1 className="mt-4 font-bold text-3xl leading-tight sm:text-4xl">{post.title}</h1>
            {post.summary ? <p className="mt-3 text-lg text-navy-100">{post.summary}</p> : null}
            <PostByline
              post={authorTitle && post.author ? { ...post, author: `${post.author}, ${authorTitle}` } : post}
              className="mt-5 text-navy-100!"
            />
          </div>
        </header>
        {image ? (
          <div className="mx-auto -mt-16 max-w-4xl px-4 sm:-mt-20 sm:px-6">
            <ContentImage
              file={image}
              widths={[480, 800, 1200]}
              sizes="(min-width: 900px) 860px, 100vw"
              aspect={{ width: 16, height: 9 }}
              alt={image.title || post.title}
              loading="eager"
              fetchPriority="high"
              className="aspect-[16/9] h-auto w-full rounded-card object-cover shadow-raised"
            />
          </div>
        ) : null}
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <RichText html={body} className="mt-8 text-lg text-navy-900 leading-relaxed" />
          <PostTags tags={post.tags} className="mt-8 border-navy-100 border-t pt-6" />
        </div>
      </article>
      {more.length > 0 ? (
        <section aria-labelledby="more-posts" className="mx-auto mt-14 max-w-7xl px-4 sm:px-6">
          <h2 id="more-posts" className="font-bold text-2xl text-navy-900">
            More posts
          </h2>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {more.map(({ post: other, image: picture }) =>
              other ? (
                <li key={other.slug}>
                  <PostCard
                    post={other}
                    image={
                      picture ? (
                        <ContentImage
                          file={picture}
                          widths={[400, 640]}
                          sizes="(min-width: 1000px) 400px, (min-width: 600px) 50vw, 100vw"
                          aspect={{ width: 16, height: 9 }}
                          alt=""
                          className="h-full w-full object-cover"
                        />
                      ) : undefined
                    }
                  />
                </li>
              ) : null,
            )}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

import { CalendarDays, Clock, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatContentDate, isoDay } from "./dates";

export interface TagRef {
  name: string;
  slug: string;
}

export interface PostSummary {
  slug: string;
  title: string;
  summary: string;
  /** "2026-10-14" or "". */
  date: string;
  author: string;
  readingMinutes: number | null;
  tags: TagRef[];
}

export const postHref = (slug: string) => `/resources/posts/${encodeURIComponent(slug)}`;
export const tagHref = (slug: string) => `/resources/posts/all?tag=${encodeURIComponent(slug)}`;

/** Date, author and reading time of a post, on one line. */
export function PostByline({ post, className = "" }: { post: PostSummary; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-650 text-sm ${className}`}>
      {post.date ? (
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays aria-hidden size={15} />
          <time dateTime={isoDay(post.date)}>{formatContentDate(post.date)}</time>
        </span>
      ) : null}
      {post.author ? <span>By {post.author}</span> : null}
      {post.readingMinutes ? (
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden size={15} />
          {post.readingMinutes} min read
        </span>
      ) : null}
    </p>
  );
}

export function PostTags({ tags, className = "" }: { tags: readonly TagRef[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={tagHref(tag.slug)}
            className="inline-flex items-center gap-1 rounded-full bg-navy-50 px-2.5 py-1 font-medium text-navy-800 text-xs hover:bg-amber-100"
          >
            <Tag aria-hidden size={12} />
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A post in the list: picture, title, byline, summary and tags. `image` is the picture to show. */
export function PostCard({ post, image }: { post: PostSummary; image?: ReactNode }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-navy-100 bg-white shadow-card">
      {image ? (
        <Link
          to={postHref(post.slug)}
          tabIndex={-1}
          aria-hidden
          className="block aspect-[16/9] overflow-hidden bg-navy-50"
        >
          {image}
        </Link>
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <PostByline post={post} />
        <h2 className="mt-2 font-bold text-lg text-navy-900 leading-snug">
          <Link to={postHref(post.slug)} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        {post.summary ? (
          <p className="mt-2 flex-1 text-slate-650">{post.summary}</p>
        ) : (
          <div className="flex-1" />
        )}
        <PostTags tags={post.tags} className="mt-4" />
      </div>
    </article>
  );
}

/** Links that narrow the list to one tag; "All posts" clears it. */
export function TagFilter({
  tags,
  active,
  total,
}: {
  tags: ReadonlyArray<TagRef & { count: number }>;
  active: string | undefined;
  total: number;
}) {
  const chip = (current: boolean) =>
    `inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 font-medium text-sm transition-colors ${
      current
        ? "border-navy-900 bg-navy-900 text-white"
        : "border-navy-100 bg-white text-navy-800 hover:border-amber-500"
    }`;
  const count = (n: number, current: boolean) => (
    <span className={`tabular text-xs ${current ? "text-navy-100" : "text-slate-650"}`}>{n}</span>
  );
  return (
    <nav aria-label="Filter posts by tag">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to="/resources/posts/all"
            aria-current={active ? undefined : "page"}
            className={chip(!active)}
          >
            All posts {count(total, !active)}
          </Link>
        </li>
        {tags.map((tag) => {
          const current = tag.slug === active;
          return (
            <li key={tag.slug}>
              <Link
                to={tagHref(tag.slug)}
                aria-current={current ? "page" : undefined}
                className={chip(current)}
              >
                {tag.name} {count(tag.count, current)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

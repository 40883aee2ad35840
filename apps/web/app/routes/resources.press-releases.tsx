import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { readPressRelease, rows } from "../features/resources/content-readers";
import { type PressRelease, PressReleaseList } from "../features/resources/press-releases";
import { ResourcesHeader } from "../features/resources/resources-header";
import { RichText } from "../lib/content/safe-html";
import { sanitizeContentHtml } from "../lib/content/sanitize-html.server";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/resources.press-releases";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const { data } = await core.content.readItems("press_release", {
    fields: ["id", "title", "date", "body", "link"],
    sort: ["-date", "-id"],
    limit: -1,
  });
  return {
    releases: rows(data)
      .map((row) => {
        const release = readPressRelease(row);
        return release ? { ...release, body: sanitizeContentHtml(row.body) } : null;
      })
      .filter((release) => release !== null),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Press Releases") },
  { name: "description", content: "News from the firm: closings, sales, people and offices." },
];

export default function PressReleasesPage({ loaderData }: Route.ComponentProps) {
  const { releases } = loaderData;
  const bodies = new Map(releases.map((r) => [r.id, r.body]));
  return (
    <div className="pb-16">
      <ResourcesHeader title="Press releases" current="/resources/press-releases">
        <p>Closings, sales, people and offices: the firm's announcements, newest first.</p>
      </ResourcesHeader>
      <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 sm:pt-10 [&>*]:max-w-4xl">
        {releases.length === 0 ? (
          <p className="text-slate-650">No press releases yet.</p>
        ) : (
          <PressReleaseList
            releases={releases}
            body={(release: PressRelease) => {
              const html = bodies.get(release.id);
              return html ? <RichText html={html} /> : null;
            }}
          />
        )}
      </div>
    </div>
  );
}

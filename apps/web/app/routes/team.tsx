import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { TEAM_PAGE_TITLE, TeamBanner, TeamSection } from "../features/marketing/team";
import { loadTeamPage } from "../features/marketing/team-content.server";
import { EMPTY_SEO, seoMeta } from "../lib/content/seo";
import type { Route } from "./+types/team";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  return loadTeamPage(core.content);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(loaderData?.seo ?? EMPTY_SEO, matches, {
    fallbackTitle: TEAM_PAGE_TITLE,
    path: "/team",
  });

export default function TeamRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TeamBanner text={loaderData.banner} />
      <div className="bg-navy-50/60 pb-8">
        {loaderData.teams.map((team, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: teams are listed in the editor's order and may share a name.
          <TeamSection key={`${team.name}-${index}`} team={team} index={index} />
        ))}
      </div>
    </>
  );
}

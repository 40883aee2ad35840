import type { Core } from "@aea/core/types";
import { contentFile, record, records, text } from "../../lib/content/content-fields";
import { seoFields } from "../../lib/content/seo";
import type { TeamPage } from "./team";

/** The team page in one query: banner, teams, members and their photos. */
export async function loadTeamPage(content: Core["content"]): Promise<TeamPage> {
  const { data } = await content.readItems("team_page", {
    fields: [
      "banner",
      "seo_title",
      "seo_description",
      "seo_keywords",
      "teams.*",
      "teams.members.*",
      "teams.members.image.*",
    ],
  });
  const page = record(data);
  return {
    banner: text(page.banner),
    seo: seoFields(page),
    teams: records(page.teams)
      .map((team) => ({
        name: text(team.name),
        showName: team.show_name === true || team.show_name === 1,
        members: records(team.members)
          .map((member) => ({
            name: text(member.name),
            title: text(member.title),
            location: text(member.location),
            email: text(member.email),
            experiences: records(member.experiences)
              .map((experience) => text(experience.item))
              .filter(Boolean),
            photo: contentFile(member.image),
          }))
          .filter((member) => member.name !== ""),
      }))
      .filter((team) => team.members.length > 0),
  };
}

import { expect, test, visit } from "./fixtures";
import { singleton } from "./marketing-content";

/**
 * The team page (spec §2 team).
 * Texts and links come from the spec; content-driven parts are compared with what the content API
 * (`/items/…`) answers (marketing-content.ts), never with the app's own helpers.
 */

// The first visits of a fresh server render every picture size with sharp; give them room.
test.describe.configure({ timeout: 60_000 });

test.describe("team", () => {
  test("banner text, team headings and a card per member with photo, name, title, location, mailto and experiences", async ({
    page,
    request,
  }) => {
    const teamPage = await singleton(request, "team_page?fields=banner,teams.*,teams.members.*");
    const teams = teamPage.teams as {
      name: string;
      show_name: boolean;
      members: {
        name: string;
        title: string;
        location: string;
        email: string | null;
        experiences: { item: string }[];
      }[];
    }[];
    await visit(page, "/team");
    await expect(page.getByRole("heading", { level: 1, name: "Our Team" })).toBeVisible();
    await expect(page.getByText(String(teamPage.banner))).toBeVisible();

    const cards = page.locator("article.team-member");
    await expect(cards).toHaveCount(teams.reduce((n, t) => n + t.members.length, 0));
    for (const team of teams) {
      const heading = page.getByRole("heading", { level: 2, name: team.name, exact: true });
      if (team.show_name) await expect(heading).toBeVisible();
      else await expect(heading).toHaveCount(0);
      for (const member of team.members) {
        const card = cards.filter({ has: page.getByRole("heading", { name: member.name, exact: true }) });
        await expect(card).toHaveCount(1);
        await expect(card.getByRole("img", { name: `Photo of ${member.name}` })).toBeVisible();
        await expect(card).toContainText(member.title);
        await expect(card).toContainText(member.location);
        if (member.email) {
          await expect(card.getByRole("link", { name: member.email })).toHaveAttribute(
            "href",
            `mailto:${member.email}`,
          );
        }
        await expect(card.locator("ul li")).toHaveText(member.experiences.map((e) => e.item));
      }
    }
  });
});

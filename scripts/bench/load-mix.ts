import { createRng } from "@aea/core/testing";
// What the load part's clients ask for: request groups, their share of the traffic, and each client's walk.

/** One URL a client requests; `group` is the row its latencies are reported in. */
export interface Target {
  group: string;
  path: string;
  /** Cookie header: a session for signed-in requests. */
  cookie?: string;
}

export interface WeightedGroup {
  targets: Target[];
  /** Relative share of a visitor's requests. */
  weight: number;
}

export interface Session {
  email: string;
  cookie: string;
  /** Admins and private buyers see /deals/private; others are redirected away from it. */
  seesPrivateDeals: boolean;
}

/**
 * Anonymous visitors' traffic, as the site mostly gets it: marketing pages, deal pages (each public deal,
 * so the render cache holds many keys), the deal list's JSON and the content API that outside sites read.
 */
export function anonymousMix(listingIds: readonly number[]): WeightedGroup[] {
  const group = (name: string, paths: string[], weight: number): WeightedGroup => ({
    targets: paths.map((path) => ({ group: name, path })),
    weight,
  });
  return [
    group("anonymous pages", ["/home", "/deals/public", "/services", "/team"], 3),
    group(
      "deal pages",
      listingIds.map((id) => `/deals/${id}`),
      3,
    ),
    group("GetDeals", ["/api/Advisors/GetDeals"], 2),
    group(
      "content API",
      [
        "/items/home_page?fields=*,seo_image.*",
        "/items/service?sort=sort&fields=id,path,title",
        "/items/post?fields=id,title,author.name&sort=-id&limit=10&meta=total_count",
        "/items/team_page?fields=teams.name,teams.members.name",
        "/items/energy_prices?fields=name,price",
      ],
      2,
    ),
  ];
}

/** A signed-in visitor's pages, each rendered for that user (never from the anonymous render cache). */
export function signedInMix(session: Session): WeightedGroup[] {
  const paths = ["/buyer/profile", "/deals/public", ...(session.seesPrivateDeals ? ["/deals/private"] : [])];
  return [
    {
      targets: paths.map((path) => ({ group: "signed-in pages", path, cookie: session.cookie })),
      weight: 1,
    },
  ];
}

/**
 * A client's walk: `length` requests drawn by weight, then uniformly within the group. Seeded, so two
 * runs send the same traffic and differ only by the server.
 */
export function visitorWalk(mix: readonly WeightedGroup[], seed: number, length: number): Target[] {
  const random = createRng(seed).next;
  const groups = mix.filter((g) => g.targets.length > 0 && g.weight > 0);
  const total = groups.reduce((sum, g) => sum + g.weight, 0);
  const walk: Target[] = [];
  for (let i = 0; i < length; i++) {
    let pick = random() * total;
    let group = groups[groups.length - 1];
    for (const candidate of groups) {
      if (pick < candidate.weight) {
        group = candidate;
        break;
      }
      pick -= candidate.weight;
    }
    walk.push(group.targets[Math.floor(random() * group.targets.length)]);
  }
  return walk;
}

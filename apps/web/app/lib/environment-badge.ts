import type { SessionUser } from "@aea/domain";

/**
 * The environment's name (ENVIRONMENT_NAME, spec §1: e.g. TEST) as staff see it in their menu, so a
 * change made on a test copy is never mistaken for one on the live site. Production shows nothing,
 * and buyers never see it.
 */
export function environmentBadgeFor(
  user: Pick<SessionUser, "isAdmin" | "isManagement"> | null,
  environmentName: string,
): string | null {
  if (!user || !(user.isAdmin || user.isManagement)) return null;
  const name = environmentName.trim();
  return name === "" || name.toLowerCase() === "production" ? null : name;
}

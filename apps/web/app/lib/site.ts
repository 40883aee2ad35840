import type { FeatureFlags } from "@aea/core/types";
import type { SessionUser } from "@aea/domain";
import { useRouteLoaderData } from "react-router";

/** Site-wide facts the root loader sends to every page. */
export interface SiteData {
  firmName: string;
  firmShortName: string;
  publicUrl: string;
  features: FeatureFlags;
  cspNonce: string;
  oldBrowser: boolean;
  user: SessionUser | null;
  supportEmail: string;
  supportPhone: string;
  /** Public maps-service key (browser key); the map falls back to its bundled basemap without it. */
  mapsKey?: string;
  /** Push notifications may be offered: production, with VAPID keys configured (spec §4). */
  pushEnabled: boolean;
  /** The VAPID public key browsers subscribe with; sent only when pushEnabled. */
  vapidPublicKey?: string;
  /** The environment's name for staff outside production (lib/environment-badge.ts), else null. */
  environmentBadge: string | null;
}

export function useSite(): SiteData {
  const data = useRouteLoaderData("root") as SiteData | undefined;
  if (!data) throw new Error("useSite() needs the root loader data");
  return data;
}

/** "Firm name | page" (spec §9: the page title prefix is the product name plus a bar). */
export function pageTitle(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page?: string,
): string {
  const site = matches.find((m) => m?.id === "root")?.loaderData as SiteData | undefined;
  const firm = site?.firmName ?? "";
  return page ? `${firm} | ${page}` : firm;
}

/**
 * What the deals map needs of a listing. Kept apart from the map component so route
 * modules (and the server) can import the type and the parser without MapLibre.
 */
export interface MapDeal {
  ListingId: number;
  Header: string;
  /** "lat,lng" as stored on the listing, or null when the deal has no map location. */
  coordinates: string | null;
  status: string;
  PLSCode: string;
  location: string | null;
  sold?: boolean;
}

/**
 * Reads a listing's "lat,lng" text as a [longitude, latitude] pair (GeoJSON order), or
 * null when it is missing, malformed or out of range. "0,0" counts as missing: it is the
 * placeholder of a listing whose location was never entered, not a deal in the Gulf of Guinea.
 */
export function parseDealCoordinates(coordinates: string | null | undefined): [number, number] | null {
  if (!coordinates) return null;
  const parts = coordinates.split(",");
  if (parts.length !== 2) return null;
  const [latText, lngText] = parts.map((part) => part.trim());
  if (latText === "" || lngText === "") return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  if (lat === 0 && lng === 0) return null;
  return [lng, lat];
}

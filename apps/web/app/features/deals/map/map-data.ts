import { isSold } from "@aea/domain";
import { LngLatBounds } from "maplibre-gl";
import { type MapDeal, parseDealCoordinates } from "./map-deal";

/** The deals as the map draws them: one GeoJSON point per deal with a location, and their extent. */

interface DealProperties {
  ListingId: number;
  /** 1 for a deal still on the market, 0 for a sold one; summed over a cluster. */
  active: 0 | 1;
}

export interface MapData {
  collection: GeoJSON.FeatureCollection<GeoJSON.Point, DealProperties>;
  bounds: LngLatBounds | null;
  /** [lng, lat] of each mapped deal. */
  positions: [number, number][];
  byId: Map<number, MapDeal>;
  /** Changes only when what the map draws changes, so re-renders with equal deals do not refit. */
  signature: string;
}

export function toMapData(deals: MapDeal[]): MapData {
  const features: GeoJSON.Feature<GeoJSON.Point, DealProperties>[] = [];
  const byId = new Map<number, MapDeal>();
  let bounds: LngLatBounds | null = null;
  const positions: [number, number][] = [];
  const signature: string[] = [];
  for (const deal of deals) {
    const position = parseDealCoordinates(deal.coordinates);
    if (!position || byId.has(deal.ListingId)) continue;
    const active = isSold(deal) ? 0 : 1;
    byId.set(deal.ListingId, deal);
    features.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: position },
      properties: { ListingId: deal.ListingId, active },
    });
    positions.push(position);
    bounds = bounds ? bounds.extend(position) : new LngLatBounds(position, position);
    signature.push(`${deal.ListingId}@${position.join(",")}:${active}`);
  }
  return {
    collection: { type: "FeatureCollection", features },
    bounds,
    positions,
    byId,
    signature: signature.join(";"),
  };
}

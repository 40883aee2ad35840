import type { FitBoundsOptions, LngLatBoundsLike, MapLibreMap } from "maplibre-gl";
import { densestArea } from "./densest-area";
import type { MapData } from "./map-data";

/** Where the map looks: the deals framed, or where most of them are. */

/** 40 px round the deals, more on the right where the zoom buttons sit. */
const FIT_PADDING = { top: 40, bottom: 40, left: 40, right: 64 };
/**
 * The closest a fit goes. The offline basemap has no roads or places to show past state level,
 * so a lone deal there is framed with its state around it rather than on a blank field.
 */
export function fitOptions(hosted: boolean): FitBoundsOptions {
  return { padding: FIT_PADDING, maxZoom: hosted ? 9 : 6 };
}
export const CONTINENTAL_US: LngLatBoundsLike = [
  [-124.8, 24.5],
  [-66.9, 49.4],
];

/**
 * Frames every deal, or, when they would not fit even zoomed right out (a phone, deals on several
 * continents), the area where most of them are; zooming out shows the rest.
 */
export function frameDeals(map: MapLibreMap, data: MapData, hosted: boolean, animate: boolean) {
  const options = fitOptions(hosted);
  const all = data.bounds ?? CONTINENTAL_US;
  const fits = (map.cameraForBounds(all, options)?.zoom ?? 0) >= map.getMinZoom();
  map.fitBounds(fits ? all : (densestArea(data.positions) ?? all), { ...options, animate });
}

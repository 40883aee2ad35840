import { type GeoJSONSource, type MapLibreMap, Marker } from "maplibre-gl";
import type { MapData } from "./map-data";
import { mapColors } from "./offline-style";

/**
 * The deals on the map: one clustered GeoJSON source painted with circle layers; cluster counts are
 * DOM markers because text needs glyphs, and the offline style has none.
 */

export const DEALS_SOURCE = "deals";
const CLUSTER_HALO_LAYER = "deal-cluster-halos";
export const CLUSTER_LAYER = "deal-clusters";
export const POINT_LAYER = "deal-points";
const CLUSTER_MAX_ZOOM = 8;

export function addDealLayers(map: MapLibreMap, data: MapData) {
  map.addSource(DEALS_SOURCE, {
    type: "geojson",
    data: data.collection,
    cluster: true,
    clusterRadius: 40,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterProperties: { active: ["+", ["get", "active"]] },
  });
  map.addLayer({
    id: CLUSTER_HALO_LAYER,
    type: "circle",
    source: DEALS_SOURCE,
    filter: ["has", "point_count"],
    paint: {
      "circle-color": ["case", [">", ["get", "active"], 0], mapColors.cluster, mapColors.soldCluster],
      "circle-radius": ["step", ["get", "point_count"], 20, 10, 23, 50, 28, 200, 32],
      "circle-opacity": 0.16,
    },
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: "circle",
    source: DEALS_SOURCE,
    filter: ["has", "point_count"],
    paint: {
      "circle-color": ["case", [">", ["get", "active"], 0], mapColors.cluster, mapColors.soldCluster],
      "circle-radius": ["step", ["get", "point_count"], 14, 10, 17, 50, 21, 200, 25],
      "circle-stroke-color": mapColors.clusterStroke,
      "circle-stroke-width": 2,
      "circle-stroke-opacity": 0.9,
    },
  });
  map.addLayer({
    id: POINT_LAYER,
    type: "circle",
    source: DEALS_SOURCE,
    filter: ["!", ["has", "point_count"]],
    // Active deals drawn above sold ones where they overlap.
    layout: { "circle-sort-key": ["get", "active"] },
    paint: {
      "circle-color": ["case", ["==", ["get", "active"], 1], mapColors.activeDeal, mapColors.soldDeal],
      "circle-radius": ["interpolate", ["linear"], ["zoom"], 2, 5.5, 9, 8],
      "circle-stroke-color": [
        "case",
        ["==", ["get", "active"], 1],
        mapColors.activeStroke,
        mapColors.soldStroke,
      ],
      "circle-stroke-width": ["case", ["==", ["get", "active"], 1], 1.75, 1.25],
    },
  });
}

/**
 * Where clicking a cluster leads: the zoom at which it splits, or, for deals that share one
 * spot and so never split, their ids to list in a popup (zooming in would only show one dot).
 */
export async function zoomIntoCluster(
  source: GeoJSONSource,
  clusterId: number,
  count: number,
): Promise<{ zoom?: number; ids: number[] }> {
  const zoom = await source.getClusterExpansionZoom(clusterId);
  if (zoom <= CLUSTER_MAX_ZOOM) return { zoom, ids: [] };
  const leaves = await source.getClusterLeaves(clusterId, count, 0);
  const spots = new Set(
    leaves.map((leaf) => (leaf.geometry.type === "Point" ? leaf.geometry.coordinates.join(",") : "")),
  );
  if (spots.size !== 1) return { zoom, ids: [] };
  return { ids: leaves.map((leaf) => Number(leaf.properties?.ListingId)) };
}

/** Keeps one count label per rendered cluster, reusing the markers that are still needed. */
export function syncClusterLabels(map: MapLibreMap, labels: Map<number, Marker>) {
  if (!map.getLayer(CLUSTER_LAYER)) return;
  const seen = new Set<number>();
  for (const cluster of map.queryRenderedFeatures({ layers: [CLUSTER_LAYER] })) {
    const id = Number(cluster.properties.cluster_id);
    if (seen.has(id) || cluster.geometry.type !== "Point") continue;
    seen.add(id);
    if (labels.has(id)) continue;
    const element = document.createElement("div");
    element.className =
      "pointer-events-none font-sans font-semibold text-[12px] text-white leading-none tabular";
    element.setAttribute("aria-hidden", "true");
    element.textContent = String(
      cluster.properties.point_count_abbreviated ?? cluster.properties.point_count,
    );
    const [lng, lat] = cluster.geometry.coordinates;
    labels.set(id, new Marker({ element, anchor: "center" }).setLngLat([lng, lat]).addTo(map));
  }
  for (const [id, marker] of labels) {
    if (!seen.has(id)) {
      marker.remove();
      labels.delete(id);
    }
  }
}

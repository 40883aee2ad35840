/**
 * The deal marketplace map (§2 /deals/public/map). Heavy (MapLibre plus the bundled basemap
 * data): routes load it with React.lazy inside <Suspense>, in the browser only.
 *
 * Without `mapsKey` it draws the offline basemap of ./offline-style and fetches nothing but the
 * MapLibre worker script from the app's own origin. Deals are one clustered GeoJSON source
 * painted with circle layers; cluster counts are DOM markers because text needs glyphs, and
 * the offline style has none.
 */
import { isClosing, isSold, listingStatusName } from "@aea/domain";
import {
  type FitBoundsOptions,
  type GeoJSONSource,
  getWorkerUrl,
  LngLatBounds,
  type LngLatBoundsLike,
  type MapGeoJSONFeature,
  type MapLayerMouseEvent,
  MapLibreMap,
  Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useMemo, useRef, useState } from "react";
import { densestArea } from "./densest-area";
import { type MapDeal, parseDealCoordinates } from "./map-deal";
import { mapColors, offlineStyle } from "./offline-style";

export type { MapDeal } from "./map-deal";

export interface DealsMapProps {
  deals: MapDeal[];
  /** Key of the hosted map service; when set, its richer street style replaces the offline one. */
  mapsKey?: string;
  className?: string;
  /** Any CSS length; the map needs a definite height. */
  height?: string;
}

const NO_MAPPED_DEALS = "No deals with map locations match these filters.";

const DEALS_SOURCE = "deals";
const CLUSTER_HALO_LAYER = "deal-cluster-halos";
const CLUSTER_LAYER = "deal-clusters";
const POINT_LAYER = "deal-points";
const CLUSTER_MAX_ZOOM = 8;
/** 40 px round the deals, more on the right where the zoom buttons sit. */
const FIT_PADDING = { top: 40, bottom: 40, left: 40, right: 64 };
/**
 * The closest a fit goes. The offline basemap has no roads or places to show past state level,
 * so a lone deal there is framed with its state around it rather than on a blank field.
 */
function fitOptions(hosted: boolean): FitBoundsOptions {
  return { padding: FIT_PADDING, maxZoom: hosted ? 9 : 6 };
}
const CONTINENTAL_US: LngLatBoundsLike = [
  [-124.8, 24.5],
  [-66.9, 49.4],
];
/** The popup lists deals at one spot (it scrolls); past this many it only counts the rest. */
const POPUP_MAX_DEALS = 25;

interface DealProperties {
  ListingId: number;
  /** 1 for a deal still on the market, 0 for a sold one; summed over a cluster. */
  active: 0 | 1;
}

interface MapData {
  collection: GeoJSON.FeatureCollection<GeoJSON.Point, DealProperties>;
  bounds: LngLatBounds | null;
  /** [lng, lat] of each mapped deal. */
  positions: [number, number][];
  byId: Map<number, MapDeal>;
  /** Changes only when what the map draws changes, so re-renders with equal deals do not refit. */
  signature: string;
}

function toMapData(deals: MapDeal[]): MapData {
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

/**
 * Frames every deal, or, when they would not fit even zoomed right out (a phone, deals on several
 * continents), the area where most of them are; zooming out shows the rest.
 */
function frameDeals(map: MapLibreMap, data: MapData, hosted: boolean, animate: boolean) {
  const options = fitOptions(hosted);
  const all = data.bounds ?? CONTINENTAL_US;
  const fits = (map.cameraForBounds(all, options)?.zoom ?? 0) >= map.getMinZoom();
  map.fitBounds(fits ? all : (densestArea(data.positions) ?? all), { ...options, animate });
}

function hostedStyleUrl(mapsKey: string): string {
  return `https://api.maptiler.com/maps/streets-v2/style.json?key=${encodeURIComponent(mapsKey)}`;
}

function addDealLayers(map: MapLibreMap, data: MapData) {
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
async function zoomIntoCluster(
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
function syncClusterLabels(map: MapLibreMap, labels: Map<number, Marker>) {
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

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Popup content, built with textContent only: deal text never reaches innerHTML. */
function popupContent(deals: MapDeal[], mapHeight: number): HTMLElement {
  const root = element("div", "min-w-56 overflow-y-auto font-sans text-navy-900 text-sm");
  // Short enough to fit above or below the deal on a short map; longer lists scroll.
  root.style.maxHeight = `${Math.round(Math.max(150, Math.min(300, mapHeight / 2 - 36)))}px`;
  for (const deal of deals.slice(0, POPUP_MAX_DEALS)) {
    const sold = isSold(deal);
    const article = element("article", "border-navy-100 border-t px-4 py-3 first:border-t-0");
    const status = element(
      "p",
      "mb-1 flex items-center gap-1.5 pr-7 font-semibold text-[11px] text-slate-650 uppercase tracking-wide",
    );
    const dot = element("span", "inline-block size-2 rounded-full");
    dot.style.backgroundColor = sold
      ? mapColors.soldDeal
      : isClosing(deal)
        ? mapColors.closingDeal
        : mapColors.activeDeal;
    dot.setAttribute("aria-hidden", "true");
    status.append(dot, listingStatusName(deal));
    const header = element("p", "pr-6 font-semibold text-[15px] text-navy-900 leading-snug", deal.Header);
    const facts = element("dl", "mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-[13px]");
    const rows: [string, string][] = [];
    if (deal.location) rows.push(["Location", deal.location]);
    if (deal.PLSCode) rows.push(["PLS code", deal.PLSCode]);
    for (const [term, value] of rows) {
      facts.append(element("dt", "text-slate-650", term), element("dd", "font-medium", value));
    }
    const link = element(
      "a",
      "mt-2.5 inline-flex items-center gap-1 rounded-md bg-amber-500 px-3 py-1.5 font-semibold text-[13px] text-navy-950 no-underline hover:bg-amber-600",
      "View deal",
    );
    link.href = `/deals/${encodeURIComponent(String(deal.ListingId))}`;
    const arrow = element("span", "", "→");
    arrow.setAttribute("aria-hidden", "true");
    link.append(arrow);
    article.append(status, header);
    if (rows.length > 0) article.append(facts);
    article.append(link);
    root.append(article);
  }
  if (deals.length > POPUP_MAX_DEALS) {
    root.append(
      element(
        "p",
        "border-navy-100 border-t px-4 py-2 text-[13px] text-slate-650",
        `and ${deals.length - POPUP_MAX_DEALS} more here.`,
      ),
    );
  }
  return root;
}

// "!" where maplibre-gl.css sets the same property: its rules are unlayered, so they beat Tailwind's layers.
const POPUP_CLASS = [
  "[&_.maplibregl-popup-content]:overflow-hidden",
  "[&_.maplibregl-popup-content]:rounded-card!",
  "[&_.maplibregl-popup-content]:p-0!",
  "[&_.maplibregl-popup-content]:shadow-raised!",
  "[&_.maplibregl-popup-close-button]:size-8",
  "[&_.maplibregl-popup-close-button]:rounded-md!",
  "[&_.maplibregl-popup-close-button]:text-xl",
  "[&_.maplibregl-popup-close-button]:text-slate-650",
].join(" ");

export default function DealsMap({
  deals,
  mapsKey,
  className,
  height = "clamp(320px, 70vh, 760px)",
}: DealsMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const popupRef = useRef<Popup | null>(null);
  const latestData = useRef<MapData | null>(null);
  const shownSignature = useRef<string | null>(null);
  const hostedStyle = useRef(false);
  const [styleReady, setStyleReady] = useState(false);
  const data = useMemo(() => toMapData(deals), [deals]);

  useEffect(() => {
    latestData.current = data;
    const map = mapRef.current;
    if (!map || !styleReady || shownSignature.current === data.signature) return;
    shownSignature.current = data.signature;
    popupRef.current?.remove();
    map.getSource<GeoJSONSource>(DEALS_SOURCE)?.setData(data.collection);
    frameDeals(map, data, hostedStyle.current, true);
  }, [data, styleReady]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // Bundlers move MapLibre away from its worker file; point it at the copy Vite emits.
    if (getWorkerUrl() !== workerUrl) setWorkerUrl(workerUrl);

    const initial = latestData.current;
    const map = new MapLibreMap({
      container,
      style: mapsKey ? hostedStyleUrl(mapsKey) : offlineStyle(),
      // A starting camera only: the deals are framed just below, once the map knows its size.
      bounds: CONTINENTAL_US,
      fitBoundsOptions: fitOptions(Boolean(mapsKey)),
      minZoom: 0.5,
      maxZoom: mapsKey ? 17 : 12,
      renderWorldCopies: false,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      attributionControl: { compact: true },
    });
    mapRef.current = map;
    if (initial) frameDeals(map, initial, Boolean(mapsKey), false);
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), "top-right");

    const labels = new Map<number, Marker>();

    // A hosted style that cannot load (bad key, blocked by CSP, offline) falls back to the offline one.
    hostedStyle.current = Boolean(mapsKey);
    const onHostedStyleError = () => {
      map.off("error", onHostedStyleError);
      hostedStyle.current = false;
      map.setStyle(offlineStyle(), { diff: false });
    };
    if (mapsKey) map.on("error", onHostedStyleError);

    map.on("style.load", () => {
      map.off("error", onHostedStyleError);
      const current = latestData.current ?? toMapData([]);
      if (!map.getSource(DEALS_SOURCE)) addDealLayers(map, current);
      shownSignature.current = current.signature;
      setStyleReady(true);
    });
    map.on("render", () => syncClusterLabels(map, labels));

    // A new popup per click: reusing one lets its own close-on-click handler shut it again.
    const showPopup = (position: [number, number], hit: MapDeal[]) => {
      if (hit.length === 0) return;
      popupRef.current?.remove();
      popupRef.current = new Popup({ maxWidth: "300px", offset: 12, className: POPUP_CLASS })
        .setLngLat(position)
        .setDOMContent(popupContent(hit, map.getContainer().clientHeight))
        .addTo(map);
    };

    map.on("click", CLUSTER_LAYER, (event: MapLayerMouseEvent) => {
      const cluster = event.features?.[0];
      const source = map.getSource<GeoJSONSource>(DEALS_SOURCE);
      if (cluster?.geometry.type !== "Point" || !source) return;
      const center: [number, number] = [cluster.geometry.coordinates[0], cluster.geometry.coordinates[1]];
      const clusterId = Number(cluster.properties.cluster_id);
      const count = Number(cluster.properties.point_count);
      zoomIntoCluster(source, clusterId, count).then(
        (result) => {
          if (mapRef.current !== map) return;
          if (result.zoom !== undefined)
            map.easeTo({ center, zoom: Math.min(result.zoom, map.getMaxZoom()) });
          else
            showPopup(
              center,
              result.ids.flatMap((id) => latestData.current?.byId.get(id) ?? []),
            );
        },
        () => undefined,
      );
    });

    map.on("click", POINT_LAYER, (event: MapLayerMouseEvent) => {
      const features: MapGeoJSONFeature[] = event.features ?? [];
      const first = features[0];
      const byId = latestData.current?.byId;
      if (!first || !byId || first.geometry.type !== "Point") return;
      const ids = new Set(features.map((feature) => Number(feature.properties.ListingId)));
      const hit = [...ids].flatMap((id) => byId.get(id) ?? []);
      showPopup([first.geometry.coordinates[0], first.geometry.coordinates[1]], hit);
    });

    for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
      map.on("mouseenter", layer, () => {
        map.getCanvas().style.cursor = "pointer";
      });
      map.on("mouseleave", layer, () => {
        map.getCanvas().style.cursor = "";
      });
    }

    return () => {
      for (const marker of labels.values()) marker.remove();
      popupRef.current?.remove();
      map.remove();
      mapRef.current = null;
      popupRef.current = null;
      shownSignature.current = null;
      setStyleReady(false);
    };
  }, [mapsKey]);

  const empty = data.collection.features.length === 0;

  return (
    <div className={`relative ${className ?? ""}`} style={{ height }}>
      <section
        ref={containerRef}
        aria-label="Map of deals"
        className="h-full w-full overflow-hidden rounded-card border border-navy-100 [&_canvas:focus-visible]:outline-offset-[-3px]"
        style={{ backgroundColor: mapColors.water }}
      />
      <div role="status" className="pointer-events-none absolute inset-x-0 top-3 flex justify-center px-14">
        {empty && (
          <p className="rounded-card bg-white/95 px-4 py-2.5 text-center font-medium text-navy-900 text-sm shadow-card">
            {NO_MAPPED_DEALS}
          </p>
        )}
      </div>
    </div>
  );
}

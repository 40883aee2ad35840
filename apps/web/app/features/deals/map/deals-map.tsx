/**
 * The deal marketplace map (§2 /deals/public/map). Heavy (MapLibre plus the bundled basemap
 * data): routes load it with React.lazy inside <Suspense>, in the browser only.
 *
 * Without `mapsKey` it draws the offline basemap of ./offline-style and fetches nothing but the
 * MapLibre worker script from the app's own origin. Deals are one clustered GeoJSON source
 * painted with circle layers; cluster counts are DOM markers because text needs glyphs, and
 * the offline style has none.
 */

import {
  type GeoJSONSource,
  getWorkerUrl,
  type MapGeoJSONFeature,
  type MapLayerMouseEvent,
  MapLibreMap,
  type Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  addDealLayers,
  CLUSTER_LAYER,
  DEALS_SOURCE,
  POINT_LAYER,
  syncClusterLabels,
  zoomIntoCluster,
} from "./deal-layers";
import { POPUP_CLASS, popupContent } from "./deal-popup";
import { CONTINENTAL_US, fitOptions, frameDeals } from "./map-camera";
import { type MapData, toMapData } from "./map-data";
import type { MapDeal } from "./map-deal";
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

function hostedStyleUrl(mapsKey: string): string {
  return `https://api.maptiler.com/maps/streets-v2/style.json?key=${encodeURIComponent(mapsKey)}`;
}

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

/**
 * A small map to place a listing's pin (the staff listing editor): click the map or drag the pin,
 * and the form's latitude and longitude fields take the position; typing in those fields moves the
 * pin. It draws the deals map's offline basemap, so it needs no key and no network. Heavy (MapLibre):
 * loaded with React.lazy, in the browser only. The fields work without it.
 */
import {
  getWorkerUrl,
  LngLatBounds,
  MapLibreMap,
  Marker,
  NavigationControl,
  setWorkerUrl,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef } from "react";
import { mapColors, offlineStyle } from "./offline-style";

const CONTINENTAL_US = new LngLatBounds([-124.8, 24.5], [-66.9, 49.4]);
const round = (n: number) => Math.round(n * 100_000) / 100_000;

export interface PinPickerProps {
  /** The form whose `latitude` and `longitude` fields the pin reads and writes. */
  formId: string;
  /** Told when the pin moved the fields (the form is then edited). */
  onMove(): void;
}

export default function PinPicker({ formId, onMove }: PinPickerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;

  useEffect(() => {
    const container = containerRef.current;
    const form = document.forms.namedItem(formId);
    const latitude = form?.elements.namedItem("latitude");
    const longitude = form?.elements.namedItem("longitude");
    if (!container || !(latitude instanceof HTMLInputElement) || !(longitude instanceof HTMLInputElement))
      return;
    if (getWorkerUrl() !== workerUrl) setWorkerUrl(workerUrl);
    const typed = (): [number, number] | null => {
      const lat = Number.parseFloat(latitude.value);
      const lng = Number.parseFloat(longitude.value);
      return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lng, lat] : null;
    };
    const start = typed();
    const map = new MapLibreMap({
      container,
      style: offlineStyle(),
      ...(start ? { center: start, zoom: 5 } : { bounds: CONTINENTAL_US }),
      maxZoom: 12,
      renderWorldCopies: false,
      dragRotate: false,
      pitchWithRotate: false,
      attributionControl: { compact: true },
    });
    map.addControl(new NavigationControl({ showCompass: false }), "top-right");
    const pin = new Marker({ color: mapColors.activeDeal, draggable: true });
    if (start) pin.setLngLat(start).addTo(map);
    const write = (lng: number, lat: number) => {
      latitude.value = String(round(lat));
      longitude.value = String(round(lng));
      onMoveRef.current();
    };
    pin.on("dragend", () => {
      const { lng, lat } = pin.getLngLat();
      write(lng, lat);
    });
    map.on("click", (event) => {
      pin.setLngLat(event.lngLat).addTo(map);
      write(event.lngLat.lng, event.lngLat.lat);
    });
    const follow = () => {
      const at = typed();
      if (at) pin.setLngLat(at).addTo(map);
      else pin.remove();
    };
    latitude.addEventListener("input", follow);
    longitude.addEventListener("input", follow);
    return () => {
      latitude.removeEventListener("input", follow);
      longitude.removeEventListener("input", follow);
      map.remove();
    };
  }, [formId]);

  return (
    <div
      ref={containerRef}
      role="application"
      aria-label="Map: click or drag the pin to set the latitude and longitude"
      className="h-64 w-full overflow-hidden rounded-card border border-navy-100 sm:h-72"
    />
  );
}

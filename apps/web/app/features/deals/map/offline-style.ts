/**
 * The map's default basemap: a MapLibre style built in code from open data bundled with the
 * app (Natural Earth countries via world-atlas, US Census state outlines via us-atlas). It has
 * no tiles, glyphs or sprites, so the map draws with no API key and no network access; the
 * price is that it carries no labels (a symbol layer with text would need a glyphs URL).
 */
import type { StyleSpecification } from "maplibre-gl";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import states from "us-atlas/states-10m.json";
import countries from "world-atlas/countries-50m.json";

/**
 * Map colours. MapLibre paints on a canvas and cannot read the CSS theme, so the few colours
 * the map needs are mirrored here from app/styles/app.css (noted where they match a token).
 */
export const mapColors = {
  water: "#dce6f0",
  land: "#f7f8fa",
  coastline: "#c3cfdd",
  countryBorder: "#b8c4d3",
  stateBorder: "#cdd6e1",
  /** --color-amber-500 */
  activeDeal: "#f29a1f",
  /** --color-navy-900 */
  activeStroke: "#0b1b31",
  soldDeal: "#a3adba",
  /** --color-closing: the popup's status dot for a deal with an offer pending */
  closingDeal: "#0f6e5a",
  soldStroke: "#6b7788",
  /** --color-navy-700 */
  cluster: "#173761",
  soldCluster: "#7d8898",
  clusterStroke: "#ffffff",
} as const;

type WorldTopology = Topology<{ countries: GeometryCollection }>;
type StatesTopology = Topology<{ states: GeometryCollection }>;
type Position = GeoJSON.Position;

const ATTRIBUTION = "Natural Earth · US Census Bureau";
/** Antarctica's ring encircles the pole, which a flat Mercator map cannot fill; a deals map does not need it. */
const ANTARCTICA = "010";

function jumpsAntimeridian(a: Position, b: Position) {
  return Math.abs(b[0] - a[0]) > 180;
}

/**
 * world-atlas is spherical: an edge from 179.9° to -179.9° is a short hop across the
 * antimeridian, but drawn flat it spans the whole map. Lines are cut there.
 */
function splitAtAntimeridian(lines: Position[][]): Position[][] {
  const result: Position[][] = [];
  for (const line of lines) {
    let current: Position[] = [];
    for (const point of line) {
      const previous = current.at(-1);
      if (previous && jumpsAntimeridian(previous, point)) {
        if (current.length > 1) result.push(current);
        current = [];
      }
      current.push(point);
    }
    if (current.length > 1) result.push(current);
  }
  return result;
}

/**
 * A ring that crosses the antimeridian (Russia's Chukotka, Fiji) is made continuous instead,
 * with longitudes past ±180; MapLibre's GeoJSON tiler wraps such parts onto the other edge.
 */
function unwrapRing(ring: Position[]): Position[] {
  let offset = 0;
  const result: Position[] = [];
  for (const [lng, lat] of ring) {
    const previous = result.at(-1);
    if (previous) {
      const step = lng + offset - previous[0];
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    result.push([lng + offset, lat]);
  }
  return result;
}

function landPolygons(collection: GeoJSON.FeatureCollection): GeoJSON.Feature<GeoJSON.MultiPolygon> {
  const polygons: Position[][][] = [];
  for (const country of collection.features) {
    if (String(country.id) === ANTARCTICA) continue;
    const geometry = country.geometry;
    if (geometry.type === "Polygon") polygons.push(geometry.coordinates.map(unwrapRing));
    else if (geometry.type === "MultiPolygon") {
      for (const polygon of geometry.coordinates) polygons.push(polygon.map(unwrapRing));
    }
  }
  return { type: "Feature", properties: {}, geometry: { type: "MultiPolygon", coordinates: polygons } };
}

function lines(geometry: GeoJSON.MultiLineString): GeoJSON.Feature<GeoJSON.MultiLineString> {
  return {
    type: "Feature",
    properties: {},
    geometry: { type: "MultiLineString", coordinates: splitAtAntimeridian(geometry.coordinates) },
  };
}

let basemapData: ReturnType<typeof buildBasemapData> | undefined;

function buildBasemapData() {
  const world = countries as unknown as WorldTopology;
  const us = states as unknown as StatesTopology;
  const notAntarctica = (a: { id?: string | number }) => String(a.id) !== ANTARCTICA;
  return {
    land: landPolygons(feature(world, world.objects.countries)),
    coastline: lines(mesh(world, world.objects.countries, (a, b) => a === b && notAntarctica(a))),
    countryBorders: lines(mesh(world, world.objects.countries, (a, b) => a !== b)),
    stateBorders: lines(mesh(us, us.objects.states, (a, b) => a !== b)),
  };
}

/** The offline style. The GeoJSON is converted from TopoJSON once and reused by every map. */
export function offlineStyle(): StyleSpecification {
  basemapData ??= buildBasemapData();
  const { land, coastline, countryBorders, stateBorders } = basemapData;
  return {
    version: 8,
    name: "Deals offline basemap",
    sources: {
      land: { type: "geojson", data: land, attribution: ATTRIBUTION, tolerance: 0.5 },
      coastline: { type: "geojson", data: coastline, tolerance: 0.5 },
      "country-borders": { type: "geojson", data: countryBorders, tolerance: 0.5 },
      "state-borders": { type: "geojson", data: stateBorders, tolerance: 0.5 },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": mapColors.water } },
      {
        id: "land",
        type: "fill",
        source: "land",
        paint: { "fill-color": mapColors.land, "fill-antialias": true },
      },
      {
        id: "state-borders",
        type: "line",
        source: "state-borders",
        minzoom: 2,
        layout: { "line-join": "round" },
        paint: {
          "line-color": mapColors.stateBorder,
          "line-width": ["interpolate", ["linear"], ["zoom"], 2, 0.5, 6, 1, 10, 1.5],
          "line-dasharray": [3, 2],
        },
      },
      {
        id: "country-borders",
        type: "line",
        source: "country-borders",
        layout: { "line-join": "round", "line-cap": "round" },
        paint: {
          "line-color": mapColors.countryBorder,
          "line-width": ["interpolate", ["linear"], ["zoom"], 1, 0.6, 6, 1.2, 10, 2],
        },
      },
      {
        id: "coastline",
        type: "line",
        source: "coastline",
        layout: { "line-join": "round", "line-cap": "round" },
        paint: {
          "line-color": mapColors.coastline,
          "line-width": ["interpolate", ["linear"], ["zoom"], 1, 0.5, 6, 1, 10, 1.5],
        },
      },
    ],
  };
}

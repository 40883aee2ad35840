/**
 * Illustrative images for the demo listings, drawn locally as SVG and rasterised with
 * sharp (no network, no stock photos): a landscape cover per deal coloured by its basin,
 * a monogram logo for the fictional seller, and a classic tombstone for sold deals.
 *
 * SVGs are kept flat (gradients and paths, no filters or blur) so that the whole demo
 * book renders in a few seconds on a small machine.
 */
import { availableParallelism } from "node:os";
import type { Listing } from "@aea/domain";
import sharp from "sharp";
import type { Storage } from "../storage/storage.ts";
import { FIRM_NAME } from "./agents.ts";
import { PLAYS, type PlayDefinition, type ScenePalette } from "./basins.ts";
import { createRng, hashString, type Rng } from "./random.ts";
import { type DemoSeller, demoSellerOf } from "./sellers.ts";

export const COVER_SIZE = { width: 1200, height: 675 } as const;
export const LOGO_SIZE = { width: 300, height: 300 } as const;
export const TOMBSTONE_SIZE = { width: 600, height: 600 } as const;

export const IMAGE_FILES = { cover: "cover.jpg", logo: "logo.png", tombstone: "tombstone.png" } as const;
export type ImageKind = keyof typeof IMAGE_FILES;

const SANS = "DejaVu Sans, Helvetica, Arial, sans-serif";
const SERIF = "DejaVu Serif, Georgia, 'Times New Roman', serif";
const NAVY = "#13294b";
const SLATE = "#4a5568";
const AMBER_DARK = "#b45309";
const MONTHS = "JANUARY FEBRUARY MARCH APRIL MAY JUNE JULY AUGUST SEPTEMBER OCTOBER NOVEMBER DECEMBER".split(
  " ",
);

type ListingForImages = Pick<
  Listing,
  | "ListingId"
  | "Header"
  | "PLSCode"
  | "basin"
  | "area"
  | "region"
  | "location"
  | "LastUpdatedDate"
  | "ImageUrl"
  | "boxLogoUrl"
  | "tombstoneUrl"
  | "hasLogoImage"
  | "sold"
>;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function r1(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

// ── colour helpers ───────────────────────────────────────────────────────────

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((v, i) => v + (cb[i] - v) * t));
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ── which scene ──────────────────────────────────────────────────────────────

function playOf(listing: ListingForImages): PlayDefinition | undefined {
  return (
    PLAYS.find((p) => p.area === listing.area && p.basin === listing.basin) ??
    PLAYS.find((p) => p.basin === listing.basin) ??
    PLAYS.find((p) => p.region === listing.region)
  );
}

const DEFAULT_PALETTE: ScenePalette = {
  skyTop: "#2c4a6b",
  skyBottom: "#e7c39a",
  sun: "#fff0d0",
  far: "#8a8f7a",
  mid: "#6b705a",
  near: "#494d3c",
  silhouette: "#1a1d22",
  mountains: false,
  water: false,
};

type Scene = "pumpjack" | "rig" | "platform" | "tanks" | "minerals" | "study";

function sceneOf(listing: ListingForImages, palette: ScenePalette, play: PlayDefinition | undefined): Scene {
  const codes = new Set(listing.PLSCode.toUpperCase().split(/[^A-Z]+/));
  if (palette.water) return "platform";
  if (codes.has("STUDY")) return "study";
  if (codes.has("SWD")) return "tanks";
  if (codes.has("M") || codes.has("RR") || codes.has("W")) return "minerals";
  if (codes.has("PP")) return play?.product === "gas" && listing.ListingId % 3 === 0 ? "tanks" : "pumpjack";
  return "rig";
}

// ── shapes ───────────────────────────────────────────────────────────────────

interface Ridge {
  /** Path closed down to the bottom edge. */
  d: string;
  /** Height of the ridge line at x. */
  at(x: number): number;
}

/** A smooth ridge line across the image. */
function ridge(rng: Rng, width: number, height: number, base: number, amp: number, step = 24): Ridge {
  const waves = [0, 1, 2].map((i) => ({
    f: (rng.float(0.6, 1.6) * (i + 1) * Math.PI * 2) / width,
    p: rng.float(0, Math.PI * 2),
    a: amp / (i + 1.2),
  }));
  const at = (x: number) => base + waves.reduce((s, w) => s + w.a * Math.sin(x * w.f + w.p), 0);
  let d = `M0,${height} L0,${r1(at(0))}`;
  for (let x = step; x < width + step; x += step)
    d += ` L${Math.min(x, width)},${r1(at(Math.min(x, width)))}`;
  return { d: `${d} L${width},${height} Z`, at };
}

function mountains(rng: Rng, width: number, height: number, base: number, amp: number): string {
  let d = `M0,${height} L0,${r1(base - rng.float(0, amp * 0.4))}`;
  let x = 0;
  while (x < width) {
    x += rng.float(40, 110);
    const peak = base - rng.float(amp * 0.25, amp);
    d += ` L${r1(Math.min(x, width))},${r1(peak)}`;
    x += rng.float(30, 90);
    d += ` L${r1(Math.min(x, width))},${r1(base - rng.float(0, amp * 0.3))}`;
  }
  return `${d} L${width},${height} Z`;
}

/** Wobbly closed contour around (cx, cy), like a structure map. */
function contour(rng: Rng, cx: number, cy: number, rx: number, ry: number): string {
  const n = 44;
  const phase = rng.float(0, Math.PI * 2);
  const wobble = rng.float(0.04, 0.1);
  const pts: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2;
    const k = 1 + wobble * Math.sin(3 * t + phase) + wobble * 0.6 * Math.cos(5 * t + phase * 1.7);
    pts.push(`${r1(cx + Math.cos(t) * rx * k)},${r1(cy + Math.sin(t) * ry * k)}`);
  }
  return `M${pts.join(" L")} Z`;
}

/** A pumping unit whose skid starts at x (left edge) and stands on the ground at `ground`. */
function pumpjack(
  x: number,
  ground: number,
  scale: number,
  colour: string,
  flip: boolean,
  opacity = 1,
): string {
  const sx = flip ? -scale : scale;
  const left = flip ? x + 200 * scale : x;
  return `<g transform="translate(${r1(left)},${r1(ground)}) scale(${sx},${scale})" fill="${colour}" stroke="${colour}" opacity="${opacity}">
<rect x="0" y="-8" width="200" height="8" stroke="none"/>
<polygon points="72,-8 96,-104 104,-104 128,-8 117,-8 100,-86 83,-8" stroke="none"/>
<g transform="rotate(-7 100 -106)">
<rect x="22" y="-112" width="160" height="9" stroke="none"/>
<path d="M30,-126 Q6,-124 2,-102 L10,-82 Q16,-100 30,-100 Z" stroke="none"/>
<line x1="170" y1="-104" x2="164" y2="-44" stroke-width="5"/>
</g>
<circle cx="100" cy="-106" r="6" stroke="none"/>
<line x1="7" y1="-86" x2="7" y2="-14" stroke-width="2.5"/>
<rect x="0" y="-22" width="14" height="14" stroke="none"/>
<rect x="142" y="-46" width="34" height="38" stroke="none"/>
<circle cx="159" cy="-46" r="17" stroke="none"/>
<rect x="180" y="-24" width="18" height="16" stroke="none"/>
</g>`;
}

function rig(x: number, ground: number, scale: number, colour: string, opacity = 1): string {
  const h = 300;
  let bracing = "";
  const levels = 10;
  for (let i = 0; i < levels; i++) {
    const y0 = -(i * h) / levels;
    const y1 = -((i + 1) * h) / levels;
    const w0 = 34 - (27 * i) / levels;
    const w1 = 34 - (27 * (i + 1)) / levels;
    const fromLeft = i % 2 === 0;
    bracing += `<line x1="${r1(fromLeft ? -w0 : w0)}" y1="${r1(y0)}" x2="${r1(fromLeft ? w1 : -w1)}" y2="${r1(y1)}"/>`;
    bracing += `<line x1="${r1(-w1)}" y1="${r1(y1)}" x2="${r1(w1)}" y2="${r1(y1)}"/>`;
  }
  return `<g transform="translate(${r1(x)},${r1(ground - 40 * scale)}) scale(${scale})" fill="${colour}" stroke="${colour}" opacity="${opacity}">
<rect x="-60" y="0" width="190" height="40" stroke="none"/>
<rect x="-46" y="8" width="28" height="32" fill="#000" fill-opacity="0.25" stroke="none"/>
<g stroke-width="3"><line x1="-34" y1="0" x2="-7" y2="-300"/><line x1="34" y1="0" x2="7" y2="-300"/></g>
<g stroke-width="1.6">${bracing}</g>
<rect x="-12" y="-314" width="24" height="14" stroke="none"/>
<line x1="0" y1="-300" x2="0" y2="-60" stroke-width="1.5"/>
<rect x="60" y="-34" width="62" height="34" stroke="none"/>
<rect x="130" y="22" width="120" height="4" stroke="none"/>
<rect x="130" y="30" width="120" height="4" stroke="none"/>
<rect x="-140" y="10" width="70" height="30" rx="4" stroke="none"/>
</g>`;
}

function platform(x: number, water: number, scale: number, colour: string, flame: string): string {
  return `<g transform="translate(${r1(x)},${r1(water)}) scale(${scale})" fill="${colour}" stroke="${colour}">
<g stroke-width="5"><line x1="-80" y1="30" x2="-62" y2="-120"/><line x1="80" y1="30" x2="62" y2="-120"/><line x1="-28" y1="30" x2="-22" y2="-120"/><line x1="28" y1="30" x2="22" y2="-120"/></g>
<g stroke-width="2"><line x1="-75" y1="0" x2="-24" y2="-60"/><line x1="-24" y1="0" x2="-75" y2="-60" opacity="0.8"/><line x1="75" y1="0" x2="24" y2="-60"/><line x1="24" y1="0" x2="75" y2="-60" opacity="0.8"/><line x1="-70" y1="-60" x2="70" y2="-60"/><line x1="-66" y1="-100" x2="66" y2="-100"/></g>
<rect x="-110" y="-132" width="220" height="14" stroke="none"/>
<rect x="-100" y="-176" width="200" height="12" stroke="none"/>
<rect x="-96" y="-164" width="8" height="32" stroke="none"/><rect x="88" y="-164" width="8" height="32" stroke="none"/><rect x="-4" y="-164" width="8" height="32" stroke="none"/>
<rect x="-92" y="-212" width="70" height="36" stroke="none"/>
<rect x="-18" y="-200" width="50" height="24" stroke="none"/>
<rect x="-150" y="-184" width="54" height="5" stroke="none"/>
<g stroke-width="2.2"><line x1="40" y1="-176" x2="58" y2="-300"/><line x1="84" y1="-176" x2="66" y2="-300"/><line x1="44" y1="-210" x2="80" y2="-240"/><line x1="80" y1="-210" x2="46" y2="-240"/><line x1="48" y1="-250" x2="76" y2="-275"/><line x1="76" y1="-250" x2="50" y2="-275"/></g>
<rect x="54" y="-310" width="16" height="10" stroke="none"/>
<line x1="100" y1="-170" x2="190" y2="-250" stroke-width="4"/>
<ellipse cx="196" cy="-262" rx="7" ry="14" fill="${flame}" stroke="none"/>
</g>`;
}

function tanks(x: number, ground: number, scale: number, colour: string, flame: string): string {
  let body = "";
  for (let i = 0; i < 4; i++) {
    const tx = i * 52;
    body += `<rect x="${tx}" y="-70" width="44" height="70" stroke="none"/><ellipse cx="${tx + 22}" cy="-70" rx="22" ry="5" stroke="none"/>`;
  }
  return `<g transform="translate(${r1(x)},${r1(ground)}) scale(${scale})" fill="${colour}" stroke="${colour}">
${body}
<line x1="-4" y1="-80" x2="206" y2="-80" stroke-width="2"/>
<line x1="206" y1="-80" x2="236" y2="0" stroke-width="3"/>
<rect x="250" y="-34" width="90" height="22" rx="11" stroke="none"/>
<line x1="262" y1="-12" x2="262" y2="0" stroke-width="4"/><line x1="328" y1="-12" x2="328" y2="0" stroke-width="4"/>
<rect x="368" y="-150" width="6" height="150" stroke="none"/>
<ellipse cx="371" cy="-160" rx="5" ry="10" fill="${flame}" stroke="none"/>
<rect x="-70" y="-26" width="40" height="26" stroke="none"/>
<line x1="-30" y1="-14" x2="0" y2="-14" stroke-width="3"/>
</g>`;
}

function powerLine(
  rng: Rng,
  from: number,
  to: number,
  groundAt: (x: number) => number,
  colour: string,
): string {
  let out = "";
  let prev: [number, number] | null = null;
  const count = rng.int(4, 6);
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const x = from + (to - from) * t;
    const h = 34 - 18 * t;
    const g = groundAt(x);
    out += `<line x1="${r1(x)}" y1="${r1(g)}" x2="${r1(x)}" y2="${r1(g - h)}"/><line x1="${r1(x - h * 0.22)}" y1="${r1(g - h + 3)}" x2="${r1(x + h * 0.22)}" y2="${r1(g - h + 3)}"/>`;
    if (prev)
      out += `<path d="M${r1(prev[0])},${r1(prev[1])} Q${r1((prev[0] + x) / 2)},${r1((prev[1] + g - h) / 2 + 6)} ${r1(x)},${r1(g - h + 3)}" fill="none"/>`;
    prev = [x, g - h + 3];
  }
  return `<g stroke="${colour}" stroke-width="1.3" opacity="0.55">${out}</g>`;
}

// ── cover ────────────────────────────────────────────────────────────────────

/** The cover illustration of a listing as SVG (1200×675): landscape, equipment, basin name. */
export function coverSvg(listing: ListingForImages): string {
  const { width: W, height: H } = COVER_SIZE;
  const rng = createRng(hashString(`cover:${listing.ListingId}`));
  const play = playOf(listing);
  const base = play?.palette ?? DEFAULT_PALETTE;
  // Nudge the time of day per deal so neighbouring covers of one basin differ.
  const warmth = rng.float(-0.25, 0.3);
  const p: ScenePalette = {
    ...base,
    skyTop: warmth > 0 ? mix(base.skyTop, "#3b2a4a", warmth * 0.5) : mix(base.skyTop, "#6fa3d6", -warmth),
    skyBottom:
      warmth > 0 ? mix(base.skyBottom, "#f08a5d", warmth * 0.6) : mix(base.skyBottom, "#eef3f6", -warmth),
  };
  const scene = sceneOf(listing, p, play);
  const horizon = p.water ? rng.float(400, 430) : rng.float(380, 440);
  const sunX = rng.float(150, 1050);
  const sunY = horizon - rng.float(60, 200);
  const sunR = rng.float(34, 58);

  const parts: string[] = [];
  parts.push(`<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.75"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.near}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></linearGradient>
</defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  parts.push(`<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR * 4)}" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR)}" fill="${p.sun}" opacity="0.92"/>`);
  // A few thin streaks of cloud.
  for (let i = 0; i < rng.int(2, 4); i++) {
    const cy = rng.float(70, horizon - 140);
    const cx = rng.float(0, W);
    parts.push(
      `<rect x="${r1(cx - 160)}" y="${r1(cy)}" width="${r1(rng.float(180, 380))}" height="${r1(rng.float(5, 10))}" rx="5" fill="#fff" opacity="${r1(rng.float(0.12, 0.25))}"/>`,
    );
  }

  if (p.mountains) {
    parts.push(
      `<path d="${mountains(rng, W, H, horizon - 10, rng.float(70, 140))}" fill="${mix(p.far, p.skyBottom, 0.35)}"/>`,
    );
  }
  parts.push(`<path d="${ridge(rng, W, H, horizon, 14).d}" fill="${p.far}"/>`);

  let groundY: (x: number, width?: number) => number;
  if (p.water) {
    const sea = horizon + 10;
    parts.push(`<rect x="0" y="${r1(sea)}" width="${W}" height="${r1(H - sea)}" fill="url(#ground)"/>`);
    parts.push(
      `<rect x="${r1(sunX - 70)}" y="${r1(sea + 4)}" width="140" height="${r1(H - sea)}" fill="${p.sun}" opacity="0.08"/>`,
    );
    for (let i = 0; i < 26; i++) {
      const y = sea + 8 + (i * i * (H - sea)) / 700;
      if (y > H) break;
      const x = rng.float(-100, W);
      parts.push(
        `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(rng.float(60, 220))}" height="${r1(1 + i * 0.12)}" fill="#fff" opacity="${r1(rng.float(0.06, 0.16))}"/>`,
      );
    }
    groundY = () => sea;
  } else {
    const midBase = horizon + rng.float(40, 70);
    parts.push(`<path d="${ridge(rng, W, H, midBase, 18).d}" fill="${p.mid}"/>`);
    const nearBase = horizon + rng.float(120, 170);
    const near = ridge(rng, W, H, nearBase, 12, 30);
    const nearPath = near.d;
    parts.push(`<path d="${nearPath}" fill="url(#ground)"/>`);
    // Stand equipment a little below the ridge line at its widest point, never floating.
    groundY = (x: number, width = 240) => {
      let lowest = near.at(x);
      for (let t = 30; t <= width; t += 30) lowest = Math.max(lowest, near.at(Math.min(W, x + t)));
      return lowest + 6;
    };
    // Contour lines over the foreground, like a structure map of the reservoir below.
    const contours: string[] = [];
    const cx = rng.float(250, 950);
    const cy = nearBase + rng.float(80, 160);
    const rings = scene === "study" ? 9 : 6;
    for (let i = 1; i <= rings; i++) contours.push(contour(rng, cx, cy, i * 70, i * 18));
    const lineColour = luminance(p.near) > 0.6 ? p.silhouette : "#ffffff";
    parts.push(`<clipPath id="land"><path d="${nearPath}"/></clipPath>`);
    parts.push(
      `<g clip-path="url(#land)" fill="none" stroke="${lineColour}" stroke-width="${scene === "study" ? 1.6 : 1.1}" opacity="${scene === "study" ? 0.3 : 0.16}"><path d="${contours.join(" ")}"/></g>`,
    );
  }

  const flame = "#f6a04d";
  const sil = p.silhouette;
  const distant = mix(p.silhouette, p.far, 0.45);
  const flip = rng.chance(0.5);
  const leftSide = rng.chance(0.5);
  switch (scene) {
    case "pumpjack": {
      const x = leftSide ? rng.float(140, 380) : rng.float(620, 860);
      const scale = rng.float(1.25, 1.6);
      parts.push(pumpjack(x, groundY(x, 200 * scale), scale, sil, flip));
      const x2 = leftSide ? rng.float(700, 950) : rng.float(180, 420);
      parts.push(pumpjack(x2, horizon + 30, rng.float(0.38, 0.5), distant, !flip, 0.85));
      if (rng.chance(0.6))
        parts.push(
          pumpjack(x2 + rng.float(120, 200), horizon + 24, rng.float(0.25, 0.32), distant, flip, 0.7),
        );
      break;
    }
    case "rig": {
      const x = leftSide ? rng.float(260, 420) : rng.float(760, 940);
      parts.push(rig(x, groundY(x - 140, 400), rng.float(0.95, 1.15), sil));
      if (rng.chance(0.5))
        parts.push(pumpjack(leftSide ? x + 330 : x - 480, horizon + 30, 0.4, distant, flip, 0.8));
      break;
    }
    case "platform": {
      const x = leftSide ? rng.float(300, 480) : rng.float(700, 880);
      parts.push(platform(x, groundY(x) + 30, rng.float(1.0, 1.2), sil, flame));
      if (rng.chance(0.6))
        parts.push(platform(leftSide ? x + 420 : x - 440, horizon + 18, 0.28, distant, flame));
      break;
    }
    case "tanks": {
      const x = leftSide ? rng.float(120, 300) : rng.float(560, 720);
      parts.push(tanks(x, groundY(x - 70, 450) + 4, rng.float(1.0, 1.2), sil, flame));
      parts.push(
        pumpjack(
          leftSide ? rng.float(820, 980) : rng.float(140, 300),
          horizon + 30,
          0.42,
          distant,
          flip,
          0.85,
        ),
      );
      break;
    }
    case "minerals": {
      const count = rng.int(3, 5);
      for (let i = 0; i < count; i++) {
        const x = 120 + (i * (W - 240)) / count + rng.float(0, 120);
        parts.push(
          pumpjack(x, horizon + rng.float(28, 60), rng.float(0.3, 0.55), distant, rng.chance(0.5), 0.9),
        );
      }
      // A fence receding toward the horizon: the surface, and the minerals beneath it.
      // Always from the right, clear of the basin name at the bottom left.
      const x0 = W - 30;
      const x1 = W * rng.float(0.4, 0.55);
      const y0 = H - 16;
      const y1 = groundY(x1) - 6;
      const tops: string[] = [];
      const mids: string[] = [];
      let posts = "";
      for (let i = 0; i < 12; i++) {
        const t = 1 - 0.8 ** i;
        const x = x0 + (x1 - x0) * (t / (1 - 0.8 ** 11));
        const y = y0 + (y1 - y0) * (t / (1 - 0.8 ** 11));
        const h = 70 * (1 - 0.85 * (t / (1 - 0.8 ** 11)));
        posts += `<rect x="${r1(x - h * 0.05)}" y="${r1(y - h)}" width="${r1(Math.max(1.2, h * 0.1))}" height="${r1(h)}"/>`;
        tops.push(`${r1(x)},${r1(y - h * 0.85)}`);
        mids.push(`${r1(x)},${r1(y - h * 0.45)}`);
      }
      parts.push(
        `<g fill="${sil}" stroke="${sil}" opacity="0.8">${posts}<polyline points="${tops.join(" ")}" fill="none" stroke-width="1.5"/><polyline points="${mids.join(" ")}" fill="none" stroke-width="1.5"/></g>`,
      );
      break;
    }
    case "study": {
      parts.push(rig(leftSide ? 220 : 980, horizon + 60, 0.45, distant, 0.9));
      parts.push(pumpjack(leftSide ? 760 : 300, horizon + 56, 0.45, distant, flip, 0.9));
      break;
    }
  }
  if (!p.water && rng.chance(0.55)) {
    const from = leftSide ? W - 40 : 40;
    parts.push(powerLine(rng, from, leftSide ? W - 420 : 420, () => horizon + 36, sil));
  }
  parts.push(`<rect width="${W}" height="${H}" fill="url(#shade)"/>`);

  if (listing.basin) {
    const label = escapeXml(listing.basin.toUpperCase());
    // Dark lettering on snow, white everywhere else.
    const ink = luminance(p.near) > 0.6 ? p.silhouette : "#ffffff";
    parts.push(
      `<text x="48" y="${H - 44}" font-family="${SANS}" font-size="22" font-weight="bold" letter-spacing="5" fill="${ink}" fill-opacity="0.88">${label}</text>`,
    );
    parts.push(`<rect x="48" y="${H - 84}" width="56" height="4" fill="#f59e0b"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("\n")}</svg>`;
}

// ── logo ─────────────────────────────────────────────────────────────────────

function shapePath(shape: DemoSeller["shape"], cx: number, cy: number, r: number): string {
  switch (shape) {
    case "circle":
      return `<circle cx="${cx}" cy="${cy}" r="${r}"/>`;
    case "rounded":
      return `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" rx="${r * 0.28}"/>`;
    case "diamond":
      return `<rect x="${r1(cx - r * 0.74)}" y="${r1(cy - r * 0.74)}" width="${r1(r * 1.48)}" height="${r1(r * 1.48)}" rx="${r * 0.12}" transform="rotate(45 ${cx} ${cy})"/>`;
    case "hexagon": {
      const pts = Array.from({ length: 6 }, (_, i) => {
        const a = (Math.PI / 3) * i + Math.PI / 6;
        return `${r1(cx + r * Math.cos(a))},${r1(cy + r * Math.sin(a))}`;
      });
      return `<polygon points="${pts.join(" ")}"/>`;
    }
    case "shield":
      return `<path d="M${cx - r},${cy - r * 0.85} L${cx + r},${cy - r * 0.85} L${cx + r},${cy + r * 0.05} Q${cx + r},${cy + r * 0.75} ${cx},${cy + r * 1.05} Q${cx - r},${cy + r * 0.75} ${cx - r},${cy + r * 0.05} Z"/>`;
  }
}

function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s,–-]+$/, "")}…`;
    return kept;
  }
  return lines;
}

/** The seller's box logo as SVG (300×300): a monogram in a shape, the name beneath. */
export function logoSvg(seller: DemoSeller): string {
  const { width: W, height: H } = LOGO_SIZE;
  const cx = W / 2;
  const cy = 118;
  const r = 74;
  // Diamonds and hexagons are narrower inside than circles and squares.
  const narrow = seller.shape === "diamond" || seller.shape === "hexagon";
  const initialsSize = seller.initials.length >= 3 ? (narrow ? 36 : 44) : narrow ? 48 : 58;
  const light = mix(seller.colour, "#ffffff", 0.82);
  const nameLines = wrapWords(seller.shortName.toUpperCase(), 16, 2);
  const nameSize = nameLines.length > 1 ? 17 : 19;
  const nameY = nameLines.length > 1 ? 232 : 246;
  const name = nameLines
    .map(
      (line, i) =>
        `<text x="${cx}" y="${nameY + i * 24}" text-anchor="middle" font-family="${SANS}" font-size="${nameSize}" font-weight="bold" letter-spacing="2.5" fill="${seller.colour}">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#ffffff"/>
<g fill="${light}" transform="translate(6 6)">${shapePath(seller.shape, cx, cy, r)}</g>
<g fill="${seller.colour}">${shapePath(seller.shape, cx, cy, r)}</g>
<text x="${cx}" y="${cy + initialsSize * 0.36}" text-anchor="middle" font-family="${SERIF}" font-size="${initialsSize}" font-weight="bold" letter-spacing="2" fill="#ffffff">${escapeXml(seller.initials)}</text>
${name}
</svg>`;
}

// ── tombstone ────────────────────────────────────────────────────────────────

/** The header without its figures ("Operated Delaware Basin Package"). */
export function shortHeader(header: string): string {
  const head = header.replace(/^Confidential\s+/i, "").split(/\s+[–—-]\s+/)[0];
  return head.length > 90 ? `${head.slice(0, 88).trimEnd()}…` : head;
}

/** A classic deal tombstone as SVG (600×600). */
export function tombstoneSvg(listing: ListingForImages, seller: DemoSeller): string {
  const { width: W, height: H } = TOMBSTONE_SIZE;
  const cx = W / 2;
  const closed = listing.LastUpdatedDate ? new Date(listing.LastUpdatedDate) : null;
  const dateText = closed ? `${MONTHS[closed.getUTCMonth()]} ${closed.getUTCFullYear()}` : "";
  const headerLines = wrapWords(shortHeader(listing.Header), 28, 3);
  const headerSize = headerLines.length >= 3 ? 25 : 28;
  const headerTop = headerLines.length >= 3 ? 236 : 250;
  const header = headerLines
    .map(
      (line, i) =>
        `<text x="${cx}" y="${headerTop + i * (headerSize + 8)}" text-anchor="middle" font-family="${SERIF}" font-size="${headerSize}" font-weight="bold" fill="${NAVY}">${escapeXml(line)}</text>`,
    )
    .join("");
  const afterHeader = headerTop + (headerLines.length - 1) * (headerSize + 8);
  const location = listing.location ?? "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#fbf9f4"/>
<rect x="14" y="14" width="${W - 28}" height="${H - 28}" fill="none" stroke="${NAVY}" stroke-width="4"/>
<rect x="26" y="26" width="${W - 52}" height="${H - 52}" fill="none" stroke="${NAVY}" stroke-width="1.2"/>
<rect x="${cx - 78}" y="56" width="156" height="46" rx="4" fill="${AMBER_DARK}"/>
<text x="${cx}" y="89" text-anchor="middle" font-family="${SANS}" font-size="26" font-weight="bold" letter-spacing="8" fill="#ffffff">SOLD</text>
<text x="${cx}" y="150" text-anchor="middle" font-family="${SERIF}" font-size="22" fill="${NAVY}">${escapeXml(seller.name)}</text>
<text x="${cx}" y="186" text-anchor="middle" font-family="${SERIF}" font-size="17" font-style="italic" fill="${SLATE}">has completed the sale of its</text>
${header}
<text x="${cx}" y="${afterHeader + 38}" text-anchor="middle" font-family="${SANS}" font-size="16" fill="${SLATE}">${escapeXml(location)}</text>
<rect x="${cx - 60}" y="${r1((afterHeader + 38 + 449) / 2)}" width="120" height="3" fill="${AMBER_DARK}"/>
<text x="${cx}" y="470" text-anchor="middle" font-family="${SANS}" font-size="21" font-weight="bold" letter-spacing="1" fill="${NAVY}">${escapeXml(FIRM_NAME)}</text>
<text x="${cx}" y="498" text-anchor="middle" font-family="${SERIF}" font-size="17" font-style="italic" fill="${SLATE}">acted as exclusive advisor</text>
<text x="${cx}" y="548" text-anchor="middle" font-family="${SANS}" font-size="15" letter-spacing="3" fill="${SLATE}">${escapeXml(dateText)}</text>
</svg>`;
}

// ── rendering ────────────────────────────────────────────────────────────────

const IMAGE_TYPES: Readonly<Record<ImageKind, string>> = {
  cover: "image/jpeg",
  logo: "image/png",
  tombstone: "image/png",
};

function renderImage(svg: string, kind: ImageKind): Promise<Buffer> {
  const image = sharp(Buffer.from(svg), { density: 72 });
  return kind === "cover"
    ? image.jpeg({ quality: 82 }).toBuffer()
    : image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

export interface RenderOptions {
  /** Re-render images that already exist (default false: existing ones are kept). */
  force?: boolean;
  /** Images rendered at once (default: the number of CPUs). */
  concurrency?: number;
}

export interface RenderSummary {
  written: number;
  skipped: number;
  ms: number;
  /** False when `stop` ended the drawing before every picture was in storage. */
  complete: boolean;
}

interface Job {
  key: string;
  kind: ImageKind;
  svg: () => string;
}

function jobsFor(listing: ListingForImages): Job[] {
  const folder = `listings/${listing.ListingId}/`;
  const jobs: Job[] = [];
  if (listing.ImageUrl)
    jobs.push({ key: folder + IMAGE_FILES.cover, kind: "cover", svg: () => coverSvg(listing) });
  if (listing.hasLogoImage || listing.boxLogoUrl)
    jobs.push({ key: folder + IMAGE_FILES.logo, kind: "logo", svg: () => logoSvg(demoSellerOf(listing)) });
  if (listing.tombstoneUrl)
    jobs.push({
      key: folder + IMAGE_FILES.tombstone,
      kind: "tombstone",
      svg: () => tombstoneSvg(listing, demoSellerOf(listing)),
    });
  return jobs;
}

/**
 * The demo listings' pictures (cover when ImageUrl is set, logo when it has a logo, tombstone when
 * tombstoneUrl is set) at `listings/{ListingId}/` in storage. A start draws the missing ones in the
 * background after the data is in (so the site answers within seconds of a first start); a picture
 * asked for before its turn is drawn at once (`draw`). Existing pictures are kept.
 */
export class ListingPictures {
  readonly #storage: Storage;
  readonly #jobs: Map<string, Job>;
  readonly #drawing = new Map<string, Promise<boolean>>();
  #stopped = false;

  constructor(listings: readonly ListingForImages[], storage: Storage) {
    this.#storage = storage;
    this.#jobs = new Map(listings.flatMap(jobsFor).map((job) => [job.key, job]));
  }

  /** Draws `key` now if it is a demo picture storage lacks; true when it was drawn (by this or a running call). */
  draw(key: string, force = false): Promise<boolean> {
    const job = this.#jobs.get(key);
    if (!job) return Promise.resolve(false);
    let drawing = this.#drawing.get(key);
    if (!drawing) {
      drawing = (async () => {
        if (!force && (await this.#storage.stat(key))) return false;
        await this.#storage.put(key, await renderImage(job.svg(), job.kind), {
          contentType: IMAGE_TYPES[job.kind],
        });
        return true;
      })().finally(() => this.#drawing.delete(key));
      this.#drawing.set(key, drawing);
    }
    return drawing;
  }

  /** Draws every missing picture, `concurrency` at a time, until done or `stop`. */
  async drawMissing(options: RenderOptions = {}): Promise<RenderSummary> {
    const keys = [...this.#jobs.keys()];
    const started = performance.now();
    let written = 0;
    let next = 0;
    const worker = async () => {
      while (next < keys.length && !this.#stopped) {
        if (await this.draw(keys[next++] as string, options.force)) written++;
      }
    };
    const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
    await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
    // Every picture is in storage now: the listings and their drawings need not stay in memory for the
    // server's life (decision 037). A picture removed from storage later is no longer redrawn.
    if (!this.#stopped) this.#jobs.clear();
    return {
      written,
      skipped: keys.length - written,
      ms: Math.round(performance.now() - started),
      complete: !this.#stopped,
    };
  }

  /** Ends `drawMissing` after the pictures being drawn now. */
  stop(): void {
    this.#stopped = true;
  }
}

/** Renders every listing's pictures into storage now (keeping existing ones unless `force`). */
export function renderAllListingImages(
  listings: readonly ListingForImages[],
  storage: Storage,
  options: RenderOptions = {},
): Promise<RenderSummary> {
  return new ListingPictures(listings, storage).drawMissing(options);
}

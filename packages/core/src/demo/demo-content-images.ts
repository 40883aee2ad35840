/**
 * Illustrations for the demo content, drawn as SVG in the site's navy and amber and rasterised with
 * sharp: oil-field landscapes for banners and side images, a structure-map texture, a well
 * cross-section, pitchbook covers and portrait placeholders (initials on a coloured disc — no faces).
 * Everything derives from a seed, so every machine renders the same pictures.
 */
import { createRng, hashString, type Rng } from "./random.ts";

const NAVY = "#13294b";
const DEEP_NAVY = "#0b1a33";
const AMBER = "#f59e0b";
const AMBER_DARK = "#b45309";
const SANS = "DejaVu Sans, Helvetica, Arial, sans-serif";

export type SceneMotif = "pumpjacks" | "rig" | "tanks" | "pipeline" | "prairie";
export type SceneLight = "dawn" | "dusk" | "night" | "day";

const skies: Record<SceneLight, readonly [string, string, string]> = {
  dawn: [NAVY, "#5d6f96", "#f3b664"],
  dusk: [DEEP_NAVY, "#2c4a6b", AMBER],
  night: ["#060d1c", NAVY, "#2c4a6b"],
  day: ["#2c5b8f", "#8fb3d9", "#f3e3c0"],
};

const r1 = (n: number) => (Math.round(n * 10) / 10).toString();

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A smooth ridge across the picture, closed to the bottom edge; `at(x)` is its height at x. */
function ridge(rng: Rng, width: number, height: number, base: number, amplitude: number) {
  const waves = [1, 2, 3].map((i) => ({
    f: (rng.float(0.5, 1.5) * i * Math.PI * 2) / width,
    p: rng.float(0, Math.PI * 2),
    a: amplitude / (i + 0.4),
  }));
  const at = (x: number) => base + waves.reduce((sum, w) => sum + w.a * Math.sin(x * w.f + w.p), 0);
  const step = Math.max(8, Math.round(width / 80));
  let d = `M0,${height} L0,${r1(at(0))}`;
  for (let x = step; x <= width + step; x += step)
    d += ` L${Math.min(x, width)},${r1(at(Math.min(x, width)))}`;
  return { d: `${d} L${width},${height} Z`, at };
}

function pumpjack(x: number, ground: number, scale: number, colour: string, flip: boolean): string {
  const sx = flip ? -scale : scale;
  const left = flip ? x + 200 * scale : x;
  return `<g transform="translate(${r1(left)},${r1(ground)}) scale(${sx},${scale})" fill="${colour}" stroke="${colour}">
<rect x="0" y="-8" width="200" height="8" stroke="none"/>
<polygon points="72,-8 96,-104 104,-104 128,-8 117,-8 100,-86 83,-8" stroke="none"/>
<g transform="rotate(-7 100 -106)"><rect x="22" y="-112" width="160" height="9" stroke="none"/>
<path d="M30,-126 Q6,-124 2,-102 L10,-82 Q16,-100 30,-100 Z" stroke="none"/>
<line x1="170" y1="-104" x2="164" y2="-44" stroke-width="5"/></g>
<circle cx="100" cy="-106" r="6" stroke="none"/>
<line x1="7" y1="-86" x2="7" y2="-14" stroke-width="2.5"/>
<rect x="142" y="-46" width="34" height="38" stroke="none"/><circle cx="159" cy="-46" r="17" stroke="none"/></g>`;
}

function derrick(x: number, ground: number, scale: number, colour: string, lit: boolean): string {
  const h = 260;
  const lattice = Array.from({ length: 8 }, (_, i) => {
    const y = -20 - i * 30;
    const half = 40 - (i * 30 + 20) * 0.13;
    return `<line x1="${r1(-half)}" y1="${y}" x2="${r1(half)}" y2="${y - 30}"/><line x1="${r1(half)}" y1="${y}" x2="${r1(-half)}" y2="${y - 30}"/>`;
  }).join("");
  const lights = lit
    ? Array.from(
        { length: 5 },
        (_, i) => `<circle cx="0" cy="${-40 - i * 45}" r="2.5" fill="${AMBER}" stroke="none"/>`,
      ).join("")
    : "";
  return `<g transform="translate(${r1(x)},${r1(ground)}) scale(${scale})" stroke="${colour}" fill="${colour}" stroke-width="3">
<polygon points="-44,0 -8,-${h} 8,-${h} 44,0 36,0 4,-${h - 14} -4,-${h - 14} -36,0" stroke="none"/>
<g stroke-width="2">${lattice}</g>
<rect x="-70" y="-22" width="140" height="22" stroke="none"/><rect x="50" y="-52" width="60" height="30" stroke="none"/>
${lights}</g>`;
}

function tanks(x: number, ground: number, scale: number, colour: string): string {
  const shells = [0, 70, 140]
    .map(
      (dx, i) =>
        `<rect x="${dx}" y="${-80 - i * 6}" width="60" height="${80 + i * 6}"/><ellipse cx="${dx + 30}" cy="${-80 - i * 6}" rx="30" ry="6"/>`,
    )
    .join("");
  return `<g transform="translate(${r1(x)},${r1(ground)}) scale(${scale})" fill="${colour}" stroke="${colour}">${shells}
<line x1="-20" y1="-30" x2="220" y2="-30" stroke-width="4"/><rect x="214" y="-120" width="10" height="120"/></g>`;
}

function pipeline(width: number, at: (x: number) => number, colour: string): string {
  let d = "";
  for (let x = 0; x <= width; x += 40) d += `${x === 0 ? "M" : "L"}${x},${r1(at(x) - 10)} `;
  const supports = Array.from({ length: Math.floor(width / 120) }, (_, i) => {
    const x = 60 + i * 120;
    return `<rect x="${x - 3}" y="${r1(at(x) - 10)}" width="6" height="12"/>`;
  }).join("");
  return `<g fill="${colour}"><path d="${d}" fill="none" stroke="${colour}" stroke-width="7"/>${supports}</g>`;
}

export interface SceneOptions {
  width: number;
  height: number;
  seed: string;
  motif: SceneMotif;
  light: SceneLight;
  /** A headline set on the picture (the SEO image). */
  caption?: string;
  /** Where the equipment stands (default: chosen by the seed); banners with a focal point fix it. */
  equipment?: "left" | "right";
}

/** An oil-field landscape: sky, sun, three ridges, equipment on the nearest ridge. */
export function sceneSvg({
  width: W,
  height: H,
  seed,
  motif,
  light,
  caption,
  equipment,
}: SceneOptions): string {
  const rng = createRng(hashString(`scene:${seed}`));
  const [top, middle, horizon] = skies[light];
  const scale = H / 750;
  const horizonY = H * rng.float(0.58, 0.68);
  const parts: string[] = [
    `<defs><linearGradient id="sky" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${r1(horizonY + 40 * scale)}"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${middle}"/><stop offset="1" stop-color="${horizon}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${horizon}" stop-opacity="0.55"/><stop offset="1" stop-color="${horizon}" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${DEEP_NAVY}" stop-opacity="0.55"/><stop offset="0.55" stop-color="${DEEP_NAVY}" stop-opacity="0"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
  ];
  if (light === "night") {
    for (let i = 0; i < 70; i++) {
      parts.push(
        `<circle cx="${r1(rng.float(0, W))}" cy="${r1(rng.float(0, horizonY * 0.8))}" r="${r1(rng.float(0.6, 1.8) * scale)}" fill="#ffffff" opacity="${r1(rng.float(0.3, 0.9))}"/>`,
      );
    }
  }
  const sunX = W * rng.float(0.55, 0.85);
  const sunColour = light === "night" ? "#e8eef7" : "#fff1cc";
  parts.push(
    `<ellipse cx="${r1(sunX)}" cy="${r1(horizonY)}" rx="${r1(W * 0.45)}" ry="${r1(160 * scale)}" fill="url(#glow)"/>`,
    `<circle cx="${r1(sunX)}" cy="${r1(horizonY - 40 * scale)}" r="${r1(110 * scale)}" fill="${sunColour}" opacity="0.18"/>`,
    `<circle cx="${r1(sunX)}" cy="${r1(horizonY - 40 * scale)}" r="${r1(52 * scale)}" fill="${sunColour}" opacity="0.9"/>`,
  );
  const far = ridge(rng, W, H, horizonY, 26 * scale);
  const mid = ridge(rng, W, H, horizonY + 60 * scale, 30 * scale);
  const near = ridge(rng, W, H, horizonY + 150 * scale, 24 * scale);
  parts.push(
    `<path d="${far.d}" fill="#4a6a8f" opacity="0.75"/>`,
    `<path d="${mid.d}" fill="#2c4a6b"/>`,
    `<path d="${near.d}" fill="${DEEP_NAVY}"/>`,
  );
  const silhouette = "#07111f";
  const flip = equipment ? equipment === "left" : rng.chance(0.5);
  const anchor = flip ? W * 0.18 : W * 0.62;
  switch (motif) {
    case "pumpjacks":
      parts.push(pumpjack(anchor, near.at(anchor + 100 * scale) + 4, 1.1 * scale, silhouette, flip));
      parts.push(
        pumpjack(anchor + 330 * scale, mid.at(anchor + 380 * scale) + 4, 0.5 * scale, "#1d3350", !flip),
      );
      break;
    case "rig":
      parts.push(
        derrick(anchor + 80 * scale, near.at(anchor + 80 * scale) + 4, 1.25 * scale, silhouette, true),
      );
      break;
    case "tanks":
      parts.push(tanks(anchor, near.at(anchor + 100 * scale) + 6, 1.2 * scale, silhouette));
      parts.push(
        pumpjack(anchor - 360 * scale, mid.at(anchor - 300 * scale) + 4, 0.5 * scale, "#1d3350", flip),
      );
      break;
    case "pipeline":
      parts.push(pipeline(W, (x) => near.at(x) + 30 * scale, silhouette));
      parts.push(derrick(anchor, mid.at(anchor) + 4, 0.55 * scale, "#1d3350", false));
      break;
    case "prairie":
      for (let i = 0; i < 3; i++) {
        const x = W * (0.15 + i * 0.3) + rng.float(-40, 40) * scale;
        parts.push(pumpjack(x, mid.at(x + 50 * scale) + 4, 0.42 * scale, "#1d3350", i % 2 === 0));
      }
      break;
  }
  parts.push(`<rect width="${W}" height="${H}" fill="url(#shade)"/>`);
  if (caption) {
    const size = Math.round(54 * scale * (W / H > 1.8 ? 1 : 1.2));
    parts.push(
      `<rect x="${r1(64 * scale)}" y="${r1(H * 0.3)}" width="${r1(90 * scale)}" height="${r1(6 * scale)}" fill="${AMBER}"/>`,
      `<text x="${r1(64 * scale)}" y="${r1(H * 0.3 + size + 24 * scale)}" font-family="${SANS}" font-size="${size}" font-weight="bold" fill="#ffffff">${escapeXml(caption)}</text>`,
    );
  }
  return svg(W, H, parts.join("\n"));
}

/** A pale structure map (closed contour lines around two highs): the background of a service slide. */
export function contourSvg(width: number, height: number, seed: string): string {
  const rng = createRng(hashString(`contour:${seed}`));
  const highs = [0, 1].map(() => ({
    x: rng.float(width * 0.2, width * 0.8),
    y: rng.float(height * 0.25, height * 0.75),
    phase: rng.float(0, Math.PI * 2),
  }));
  const lines: string[] = [];
  for (const high of highs) {
    for (let ring = 1; ring <= 12; ring++) {
      const points: string[] = [];
      for (let i = 0; i < 48; i++) {
        const t = (i / 48) * Math.PI * 2;
        const wobble = 1 + 0.08 * Math.sin(3 * t + high.phase) + 0.05 * Math.cos(5 * t + high.phase * 1.3);
        points.push(
          `${r1(high.x + Math.cos(t) * ring * 44 * wobble)},${r1(high.y + Math.sin(t) * ring * 30 * wobble)}`,
        );
      }
      const index = ring % 4 === 0;
      lines.push(
        `<path d="M${points.join(" L")} Z" fill="none" stroke="${index ? AMBER_DARK : NAVY}" stroke-opacity="${index ? 0.22 : 0.12}" stroke-width="${index ? 2 : 1.2}"/>`,
      );
    }
  }
  return svg(width, height, `<rect width="${width}" height="${height}" fill="#f6f4ef"/>${lines.join("")}`);
}

/** A geological cross-section with a horizontal well: the technical-services picture. */
export function crossSectionSvg(width: number, height: number): string {
  const rng = createRng(hashString("cross-section"));
  const colours = ["#e9dcc0", "#d8c29a", "#b9a27a", "#8c7b62", "#5f6b7a", "#3b4d66", "#26364f"];
  const layers: string[] = [];
  let base = height * 0.18;
  for (const colour of colours) {
    const layer = ridge(rng, width, height, base, height * 0.03);
    layers.push(`<path d="${layer.d}" fill="${colour}"/>`);
    base += height * 0.12;
  }
  const landing = height * 0.72;
  const well = `<path d="M${r1(width * 0.2)},${r1(height * 0.14)} L${r1(width * 0.2)},${r1(landing - 60)} Q${r1(width * 0.2)},${r1(landing)} ${r1(width * 0.2 + 60)},${r1(landing)} L${r1(width * 0.88)},${r1(landing)}" fill="none" stroke="${AMBER}" stroke-width="6" stroke-linecap="round"/>`;
  const stages = Array.from(
    { length: 9 },
    (_, i) =>
      `<line x1="${r1(width * 0.32 + i * width * 0.06)}" y1="${r1(landing - 14)}" x2="${r1(width * 0.32 + i * width * 0.06)}" y2="${r1(landing + 14)}" stroke="#ffffff" stroke-width="2" opacity="0.8"/>`,
  ).join("");
  const sky = `<rect width="${width}" height="${r1(height * 0.2)}" fill="${NAVY}"/>`;
  const rig = derrick(width * 0.2, height * 0.16, 0.22, DEEP_NAVY, false);
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${colours[0]}"/>${sky}${layers.join("")}${well}${stages}${rig}`,
  );
}

/** A pitchbook's front page: navy, an amber rule, the title. */
export function pitchbookCoverSvg(title: string, subtitle: string): string {
  const W = 600;
  const H = 800;
  const words = title.split(" ");
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last && `${last} ${word}`.length <= 16) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .map(
      (line, i) =>
        `<text x="60" y="${330 + i * 58}" font-family="${SANS}" font-size="48" font-weight="bold" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${NAVY}"/><rect x="0" y="${H - 180}" width="${W}" height="180" fill="${DEEP_NAVY}"/>
<rect x="60" y="250" width="110" height="8" fill="${AMBER}"/>${text}
<text x="60" y="${H - 100}" font-family="${SANS}" font-size="22" letter-spacing="3" fill="${AMBER}">${escapeXml(subtitle.toUpperCase())}</text>`,
  );
}

/** A placeholder portrait: the person's initials on a coloured disc. */
export function portraitSvg(initials: string, colour: string): string {
  const S = 400;
  return svg(
    S,
    S,
    `<rect width="${S}" height="${S}" fill="#eef1f5"/><circle cx="200" cy="200" r="150" fill="${colour}"/>
<circle cx="200" cy="200" r="150" fill="none" stroke="${AMBER}" stroke-width="6"/>
<text x="200" y="236" text-anchor="middle" font-family="${SANS}" font-size="104" font-weight="bold" letter-spacing="4" fill="#ffffff">${escapeXml(initials)}</text>`,
  );
}

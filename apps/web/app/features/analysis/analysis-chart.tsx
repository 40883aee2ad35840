import {
  CHART_TEXTS,
  type AnalysisChart as Chart,
  type ChartPoint,
  chartMeasureLabel,
  chartPoints,
  chartTitle,
  type FacetCounts,
  type FacetDataset,
  facetNamed,
  formatNumberWithSuffix,
} from "@aea/domain";

/** Slice and bar colours, in order; navy and amber first, as the site's own. */
const PALETTE = [
  "#1e3a5f",
  "#f59e0b",
  "#3b82f6",
  "#10b981",
  "#dc2626",
  "#8b5cf6",
  "#64748b",
  "#db2777",
  "#0d9488",
  "#a16207",
  "#0284c7",
  "#65a30d",
];
const colour = (i: number) => PALETTE[i % PALETTE.length] as string;
const exact = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

/**
 * A query's chart, drawn on the server from the page's own answer (no script, no chart library): bars
 * as boxes, a line and a pie as SVG shapes with their words in HTML, so they stay legible at any width.
 * The figure names its values for assistive technology, and a table under it lists them for everyone.
 */
export function AnalysisChart({
  dataset,
  chart,
  counts,
}: {
  dataset: FacetDataset;
  chart: Chart;
  counts: FacetCounts | undefined;
}) {
  const facet = facetNamed(dataset, chart.facet);
  if (!facet) return null;
  const points = counts ? chartPoints(facet, counts, chart) : [];
  const title = chartTitle(dataset, chart);
  const summary = points.map((p) => `${p.label}: ${exact(p.value)}`).join("; ");
  return (
    <figure aria-labelledby="chart-title" className="min-w-0">
      <figcaption id="chart-title" className="mb-3 font-semibold text-navy-900 text-sm">
        {title}
      </figcaption>
      {points.length === 0 ? (
        <p className="text-slate-650 text-sm">{CHART_TEXTS.none}</p>
      ) : (
        <div role="img" aria-label={`${title}. ${summary}`}>
          {chart.kind === "bar" ? <Bars points={points} /> : null}
          {chart.kind === "line" ? <Line points={points} /> : null}
          {chart.kind === "pie" ? <Pie points={points} /> : null}
        </div>
      )}
      {points.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-navy-700">{CHART_TEXTS.values}</summary>
          <table className="mt-2 w-full max-w-md text-left">
            <thead>
              <tr className="border-navy-100 border-b text-slate-650">
                <th scope="col" className="py-1 font-medium">
                  {facet.display}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {chartMeasureLabel(dataset, chart)}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.label} className="border-navy-50 border-b">
                  <td className="py-1">{p.label}</td>
                  <td className="py-1 text-right tabular">{exact(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </figure>
  );
}

function Bars({ points }: { points: ChartPoint[] }) {
  const highest = Math.max(...points.map((p) => Math.abs(p.value)), 1);
  return (
    <ul aria-hidden className="space-y-1">
      {points.map((p) => (
        <li key={p.label} className="grid grid-cols-[minmax(0,9rem)_1fr] items-center gap-2 text-xs">
          <span className="truncate text-slate-650" title={p.label}>
            {p.label}
          </span>
          <span className="flex items-center gap-1.5">
            <span
              className="h-4 rounded-sm"
              style={{
                width: `${Math.max(p.value > 0 ? 1 : 0, (Math.abs(p.value) / highest) * 85)}%`,
                background: colour(0),
              }}
            />
            <span className="tabular text-navy-900">{formatNumberWithSuffix(p.value)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

const WIDTH = 480;
const LABELLED_POINTS = 6;
const HEIGHT = 160;

function Line({ points }: { points: ChartPoint[] }) {
  const highest = Math.max(...points.map((p) => p.value), 0);
  const lowest = Math.min(...points.map((p) => p.value), 0);
  const span = highest - lowest || 1;
  const x = (i: number) => (points.length === 1 ? WIDTH / 2 : 8 + (i * (WIDTH - 16)) / (points.length - 1));
  const y = (v: number) => 8 + ((highest - v) * (HEIGHT - 16)) / span;
  const path = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(" ");
  const first = points[0] as ChartPoint;
  const last = points[points.length - 1] as ChartPoint;
  return (
    <div aria-hidden>
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-right text-slate-650 text-xs tabular">
          <span>{formatNumberWithSuffix(highest)}</span>
          <span>{formatNumberWithSuffix(lowest)}</span>
        </div>
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-40 w-full"
          preserveAspectRatio="none"
        >
          <line x1="0" x2={WIDTH} y1={y(0)} y2={y(0)} stroke="#d6deea" strokeWidth="1" />
          <path d={path} fill="none" stroke={colour(0)} strokeWidth="2.5" vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      {/* A few points (the date buckets) are each named; a long run (a histogram) by its ends. */}
      <div className="mt-1 flex justify-between gap-2 pl-8 text-slate-650 text-xs">
        {(points.length <= LABELLED_POINTS ? points : points.length > 1 ? [first, last] : [first]).map(
          (p) => (
            <span key={p.label}>{p.label}</span>
          ),
        )}
      </div>
    </div>
  );
}

function Pie({ points }: { points: ChartPoint[] }) {
  const total = points.reduce((sum, p) => sum + Math.max(0, p.value), 0) || 1;
  let angle = -Math.PI / 2;
  const slices = points.map((p, i) => {
    const share = Math.max(0, p.value) / total;
    const start = angle;
    angle += share * 2 * Math.PI;
    return { point: p, share, start, end: angle, fill: colour(i) };
  });
  return (
    <div aria-hidden className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <svg aria-hidden="true" viewBox="-1 -1 2 2" className="size-40 shrink-0">
        {slices.map((s) =>
          s.share >= 0.9999 ? (
            <circle key={s.point.label} r="1" fill={s.fill} />
          ) : (
            <path
              key={s.point.label}
              d={arc(s.start, s.end)}
              fill={s.fill}
              stroke="#fff"
              strokeWidth="0.01"
            />
          ),
        )}
      </svg>
      <ul className="min-w-0 max-w-sm flex-1 space-y-0.5 text-xs">
        {slices.map((s) => (
          <li key={s.point.label} className="flex items-center gap-2">
            <span className="size-3 shrink-0 rounded-sm" style={{ background: s.fill }} />
            <span className="min-w-0 flex-1 truncate">{s.point.label}</span>
            <span className="tabular text-slate-650">
              {formatNumberWithSuffix(s.point.value)} · {Math.round(s.share * 100)}%
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A pie slice from the centre between two angles (radians) on the unit circle. */
function arc(start: number, end: number): string {
  const large = end - start > Math.PI ? 1 : 0;
  const [x1, y1] = [Math.cos(start), Math.sin(start)];
  const [x2, y2] = [Math.cos(end), Math.sin(end)];
  return `M0,0 L${x1.toFixed(4)},${y1.toFixed(4)} A1,1 0 ${large} 1 ${x2.toFixed(4)},${y2.toFixed(4)} Z`;
}

import { formatDate } from "../../lib/dates";

const WIDTH = 320;
const HEIGHT = 96;
const BASELINE = 80;
const weekLabel = (week: string) => formatDate(`${week}T00:00:00Z`, "monthDay");

/**
 * Events per week as a small bar chart, drawn on the server as SVG (no chart library, no script):
 * the picture carries a text summary for screen readers, and the figures are in a table beside it.
 */
export function WeeklyEventsChart({
  title,
  weeks,
  unit = "events",
}: {
  title: string;
  weeks: { week: string; events: number }[];
  /** What is counted, in the plural ("events", "web hits"). */
  unit?: string;
}) {
  const Unit = unit.charAt(0).toUpperCase() + unit.slice(1);
  const most = Math.max(1, ...weeks.map((w) => w.events));
  const slot = WIDTH / weeks.length;
  const total = weeks.reduce((sum, w) => sum + w.events, 0);
  const first = weeks[0];
  const last = weeks.at(-1);
  const summary =
    first && last
      ? `${title}: ${total} ${unit} in the ${weeks.length} weeks from ${weekLabel(first.week)} to ${weekLabel(last.week)}, at most ${most} in a week.`
      : title;
  return (
    <figure className="mt-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-24 w-full">
        <line x1={0} x2={WIDTH} y1={BASELINE + 0.5} y2={BASELINE + 0.5} className="stroke-navy-100" />
        {weeks.map((w, i) => {
          const height = Math.round((w.events / most) * (BASELINE - 6));
          return (
            <rect
              key={w.week}
              x={i * slot + slot * 0.15}
              y={BASELINE - height}
              width={slot * 0.7}
              height={Math.max(height, w.events > 0 ? 2 : 0)}
              rx={2}
              className={i === weeks.length - 1 ? "fill-amber-500" : "fill-navy-600"}
            />
          );
        })}
        {first ? (
          <text x={0} y={HEIGHT - 2} className="fill-slate-650 text-[10px]">
            {weekLabel(first.week)}
          </text>
        ) : null}
        {last ? (
          <text x={WIDTH} y={HEIGHT - 2} textAnchor="end" className="fill-slate-650 text-[10px]">
            Week of {weekLabel(last.week)}
          </text>
        ) : null}
      </svg>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-navy-700">{Unit} per week as a table</summary>
        <table className="tabular mt-2 w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-navy-100 border-b text-left">
              <th scope="col" className="py-1">
                Week of
              </th>
              <th scope="col" className="py-1 text-right">
                {Unit}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week} className="border-navy-100 border-b">
                <td className="py-1">{weekLabel(w.week)}</td>
                <td className="py-1 text-right">{w.events}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

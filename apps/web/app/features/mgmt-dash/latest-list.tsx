import { Card } from "../../components/staff/card";
import { formatDate } from "../../lib/dates";

/** A titled list of the latest things that happened, each with its time. */
export function LatestList({
  id,
  title,
  empty,
  items,
  emphasis = false,
}: {
  id: string;
  title: string;
  empty: string;
  items: { key: string; text: string; at: string }[];
  /** The text in bold (a searched phrase), rather than plain (an event). */
  emphasis?: boolean;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-navy-900 text-xl">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-650">{empty}</p>
      ) : (
        <Card className="mt-3">
          <ul className="divide-y divide-navy-100">
            {items.map((item) => (
              <li key={item.key} className="flex justify-between gap-3 px-4 py-2 text-sm">
                <span className={emphasis ? "font-medium text-navy-900" : "text-navy-900"}>{item.text}</span>
                <span className="text-slate-650">{formatDate(item.at, "moment")}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

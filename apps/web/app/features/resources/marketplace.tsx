import { onFirstUse } from "@aea/domain";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface MarketplaceFigure {
  label: string;
  value: number;
  hint?: string;
}

const numberFormat = onFirstUse(() => new Intl.NumberFormat("en-US"));

/** The headline figures of the marketplace. */
export function MarketplaceFigures({ figures }: { figures: readonly MarketplaceFigure[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className="rounded-card border border-navy-100 bg-white p-4 shadow-card sm:p-5"
        >
          <dt className="font-medium text-slate-650 text-sm">{figure.label}</dt>
          <dd className="mt-1">
            <span className="tabular block font-bold text-3xl text-navy-900 sm:text-4xl">
              {numberFormat().format(figure.value)}
            </span>
            {figure.hint ? <span className="mt-1 block text-slate-650 text-xs">{figure.hint}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface CountLink {
  label: string;
  count: number;
  href: string;
  /** A short code shown beside the label (deal-type codes). */
  code?: string;
}

/** One card per deal type with its count of active deals, linking to the filtered list. */
export function DealTypeGrid({ types }: { types: readonly CountLink[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {types.map((type) => (
        <li key={type.href}>
          <Link
            to={type.href}
            className="group flex h-full items-center justify-between gap-4 rounded-card border border-navy-100 bg-white p-4 shadow-card transition-colors hover:border-amber-500"
          >
            <span className="min-w-0">
              {type.code ? (
                <span className="font-semibold text-amber-700 text-xs uppercase tracking-wider">
                  {type.code}
                </span>
              ) : null}
              <span className="block font-semibold text-navy-900 group-hover:underline">{type.label}</span>
              <span className="text-slate-650 text-sm">
                <span className="tabular">{numberFormat().format(type.count)}</span>{" "}
                {type.count === 1 ? "active deal" : "active deals"}
              </span>
            </span>
            <ArrowRight aria-hidden size={18} className="shrink-0 text-navy-600 group-hover:text-amber-700" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A titled list of counts with bars in proportion, each linking to the filtered deal list. */
export function Breakdown({ title, items }: { title: string; items: readonly CountLink[] }) {
  const max = Math.max(1, ...items.map((item) => item.count));
  const id = `breakdown-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-navy-100 bg-white p-5 shadow-card">
      <h3 id={id} className="font-semibold text-navy-900">
        {title}
      </h3>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className="group block">
              <span className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium text-navy-900 group-hover:underline">{item.label}</span>
                <span className="tabular text-slate-650">{numberFormat().format(item.count)}</span>
              </span>
              <span aria-hidden className="mt-1 block h-1.5 overflow-hidden rounded-full bg-navy-50">
                <span
                  className="block h-full rounded-full bg-amber-500"
                  style={{ width: `${Math.max(2, Math.round((item.count / max) * 100))}%` }}
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A large link tile to another part of the marketplace (research, map, registration, selling). */
export function ExploreTile({
  to,
  icon,
  title,
  children,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="group flex h-full items-start gap-4 rounded-card bg-navy-900 p-5 text-white transition-colors hover:bg-navy-800"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-white/10 text-amber-500">
        {icon}
      </span>
      <span>
        <span className="flex items-center gap-1.5 font-semibold group-hover:underline">
          {title} <ArrowRight aria-hidden size={16} />
        </span>
        <span className="mt-1 block text-navy-100 text-sm">{children}</span>
      </span>
    </Link>
  );
}

import { formatPercentChange, formatPrice, priceTrend } from "@aea/domain";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";

export interface EnergyPrice {
  name: string;
  unit: string;
  price: number | null;
  previousPrice: number | null;
}

const trendStyles = {
  up: { className: "text-positive", Icon: ArrowUpRight, word: "up" },
  down: { className: "text-negative", Icon: ArrowDownRight, word: "down" },
  flat: { className: "text-slate-650", Icon: Minus, word: "unchanged" },
} as const;

/**
 * The home page's price strip (spec §2, §9): each price with 2 decimals and its change from the
 * previous price as a signed percent, green when up and red when down. Screen readers hear
 * "up 0.92%" rather than a bare sign.
 */
export function EnergyPriceStrip({ prices }: { prices: EnergyPrice[] }) {
  if (prices.length === 0) return null;
  return (
    <section aria-label="Energy prices" className="border-navy-100 border-b bg-white">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-x-4 gap-y-2 px-4 py-2.5 text-sm md:flex md:flex-wrap md:items-center md:justify-center md:gap-x-8">
        {prices.map((item) => {
          const trend = priceTrend(item.price, item.previousPrice);
          const change = formatPercentChange(item.price, item.previousPrice);
          const { className, Icon, word } = trendStyles[trend];
          return (
            <li
              key={item.name}
              className="energy-price flex min-w-0 flex-col md:flex-row md:items-baseline md:gap-x-2"
              data-trend={trend}
            >
              <span className="truncate font-semibold text-navy-800">{item.name}</span>
              <span className="flex items-baseline gap-x-2">
                <span className="tabular text-navy-900">
                  <span className="energy-price-value">{formatPrice(item.price)}</span>
                  {item.unit ? <span className="ml-1 text-slate-650 text-xs">{item.unit}</span> : null}
                </span>
                {change ? (
                  <span className={`tabular inline-flex items-center gap-0.5 font-semibold ${className}`}>
                    <Icon aria-hidden size={14} className="self-center" />
                    <span aria-hidden className="energy-price-change">
                      {change}
                    </span>
                    <span className="sr-only">
                      {trend === "flat" ? word : `${word} ${change.replace(/^[+-]/, "")}`}
                    </span>
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

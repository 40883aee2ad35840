import { generateDemoListings, testEngines } from "@aea/core/testing";
import { isActive } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "./testing/test-app.ts";

// An active public demo deal sold with Buy Now at a price: the priciest, so its digits are distinctive.
const [deal] = generateDemoListings()
  .listings.filter((l) => l.buyNow && l.projectedSalePrice && !l.isPrivate && !l.isStudy && isActive(l))
  .sort((a, b) => Number(b.projectedSalePrice) - Number(a.projectedSalePrice));
const raw = String(deal.projectedSalePrice);
const formatted = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
}).format(Number(deal.projectedSalePrice));

const identity = { "accept-encoding": "identity" };

/** The schema.org Product of a deal page (its JSON-LD script). */
function jsonLdOffer(html: string): Record<string, unknown> {
  const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error("The deal page has no JSON-LD");
  return JSON.parse(script).offers;
}

// SHOW_BUY_NOW_PRICE=false must hide the price itself, not just its label: a visitor reading the page
// source, the loader data or the API must not find it either.
describe.each(testEngines())("the buy-now price on $name", (engine) => {
  for (const shown of [false, true]) {
    describe(`with SHOW_BUY_NOW_PRICE=${shown}`, () => {
      const served = serveTestApp(engine, { SHOW_BUY_NOW_PRICE: String(shown) });
      beforeAll(async () => {
        // Pages come from the web build: without it these checks would prove nothing.
      });

      const expectPrice = (body: string, values: string[]) => {
        for (const value of values) {
          if (shown) expect(body).toContain(value);
          else expect(body).not.toContain(value);
        }
      };

      it(`${shown ? "is" : "is not"} in GetDeals`, async () => {
        const response = await served.app.inject({ url: "/api/Advisors/GetDeals", headers: identity });
        expect(response.statusCode).toBe(200);
        const listed = (
          response.json() as Array<{ ListingId: number; projectedSalePrice: number | null }>
        ).find((l) => l.ListingId === deal.ListingId);
        expect(listed?.projectedSalePrice).toBe(shown ? deal.projectedSalePrice : null);
        expectPrice(response.body, [raw]);
        if (!shown) {
          const prices = (response.json() as Array<{ projectedSalePrice: number | null }>).map(
            (l) => l.projectedSalePrice,
          );
          expect(prices.every((price) => price === null)).toBe(true);
        }
      });

      it(`${shown ? "is" : "is not"} in the deal page's HTML and JSON-LD`, async () => {
        const response = await served.app.inject({ url: `/deals/${deal.ListingId}`, headers: identity });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain("Buy this deal now");
        expectPrice(response.body, [raw, formatted]);
        expect(jsonLdOffer(response.body).price).toBe(shown ? deal.projectedSalePrice : undefined);
      });

      it(`${shown ? "is" : "is not"} in the deal page's loader data`, async () => {
        const response = await served.app.inject({ url: `/deals/${deal.ListingId}.data`, headers: identity });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(deal.Header);
        expectPrice(response.body, [raw]);
      });
    });
  }
});

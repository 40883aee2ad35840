import { describe, expect, it } from "vitest";
import { keepsBands, moveDeal } from "./deal-order.ts";
import { makeListing } from "./listing.fixture.ts";

const order = [
  makeListing({ ListingId: 1 }),
  makeListing({ ListingId: 2 }),
  makeListing({ ListingId: 3, status: "CLOSING" }),
  makeListing({ ListingId: 4, status: "SOLD" }),
  makeListing({ ListingId: 5, sold: true }),
];

describe("moving a deal", () => {
  it("swaps it with its neighbour of the same band", () => {
    expect(moveDeal(order, 2, "up")).toEqual([2, 1, 3, 4, 5]);
    expect(moveDeal(order, 4, "down")).toEqual([1, 2, 3, 5, 4]);
  });

  it("never crosses a band or the ends of the list", () => {
    expect(moveDeal(order, 1, "up")).toBeNull();
    expect(moveDeal(order, 2, "down")).toBeNull();
    expect(moveDeal(order, 3, "up")).toBeNull();
    expect(moveDeal(order, 5, "down")).toBeNull();
    expect(moveDeal(order, 99, "up")).toBeNull();
  });
});

describe("an order sent by staff", () => {
  it("must hold exactly these deals with every band in place", () => {
    expect(keepsBands(order, [2, 1, 3, 5, 4])).toBe(true);
    expect(keepsBands(order, [3, 1, 2, 4, 5])).toBe(false);
    expect(keepsBands(order, [1, 2, 3, 4])).toBe(false);
    expect(keepsBands(order, [1, 1, 3, 4, 5])).toBe(false);
    expect(keepsBands(order, [1, 2, 3, 4, 6])).toBe(false);
  });
});

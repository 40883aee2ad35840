import { describe, expect, it } from "vitest";
import { DEAL_LIST_PAGE_SIZE } from "../constants.ts";
import { pageItems, paginate, paginationLabel } from "./pagination.ts";

describe("paginate", () => {
  it("uses 14 deals per page", () => {
    expect(DEAL_LIST_PAGE_SIZE).toBe(14);
    expect(paginate(210).pageSize).toBe(14);
  });

  it("shows '1-14 of 210' on the first page", () => {
    const first = paginate(210, 1);
    expect(first).toMatchObject({ start: 1, end: 14, total: 210, page: 1, pageCount: 15, offset: 0 });
    expect(first.hasPrevious).toBe(false);
    expect(first.hasNext).toBe(true);
    expect(paginationLabel(first)).toBe("1-14 of 210");
  });

  it("moves by a page size", () => {
    expect(paginationLabel(paginate(210, 2))).toBe("15-28 of 210");
    const last = paginate(210, 15);
    expect(paginationLabel(last)).toBe("197-210 of 210");
    expect(last.hasNext).toBe(false);
    expect(last.hasPrevious).toBe(true);
  });

  it("clamps the start to total - page size + 1 so the last page is full", () => {
    const last = paginate(20, 2);
    expect(last).toMatchObject({ start: 7, end: 20, page: 2, pageCount: 2, offset: 6 });
    expect(paginationLabel(last)).toBe("7-20 of 20");
  });

  it("clamps the start to 1 when everything fits on one page", () => {
    expect(paginationLabel(paginate(5, 1))).toBe("1-5 of 5");
    expect(paginate(5, 1).hasNext).toBe(false);
  });

  it("clamps the page into range", () => {
    expect(paginate(210, 99).page).toBe(15);
    expect(paginate(210, 0).page).toBe(1);
    expect(paginate(210, -3).page).toBe(1);
    expect(paginate(210, Number.NaN).page).toBe(1);
  });

  it("reads '0-0 of 0' when there is nothing", () => {
    const empty = paginate(0, 3);
    expect(empty).toMatchObject({ start: 0, end: 0, total: 0, page: 1, pageCount: 0 });
    expect(empty.hasPrevious).toBe(false);
    expect(empty.hasNext).toBe(false);
    expect(paginationLabel(empty)).toBe("0-0 of 0");
  });

  it("slices the rows of a page", () => {
    const rows = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(pageItems(rows, paginate(20, 1))).toEqual(rows.slice(0, 14));
    expect(pageItems(rows, paginate(20, 2))).toEqual(rows.slice(6, 20));
    expect(pageItems([], paginate(0))).toEqual([]);
  });

  it("takes another page size", () => {
    expect(paginationLabel(paginate(45, 3, 20))).toBe("26-45 of 45");
  });
});

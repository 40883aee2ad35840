import { beforeEach, describe, expect, it } from "vitest";
import { countPageLoad, PAGE_LOADS_KEY, pageLoadCount, resetPageLoadMemo } from "./page-load-counter";

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe("page-load counter", () => {
  beforeEach(() => resetPageLoadMemo());

  it("counts one per page load, however often it is called during that load", () => {
    const store = memoryStore();
    expect(countPageLoad(store)).toBe(1);
    expect(countPageLoad(store)).toBe(1);
    expect(pageLoadCount(store)).toBe(1);
    resetPageLoadMemo(); // the next full page load
    expect(countPageLoad(store)).toBe(2);
    expect(store.getItem(PAGE_LOADS_KEY)).toBe("2");
  });

  it("starts again from a missing or corrupt value, and survives storage that throws", () => {
    expect(countPageLoad(memoryStore({ [PAGE_LOADS_KEY]: "banana" }))).toBe(1);
    resetPageLoadMemo();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(countPageLoad(broken)).toBe(1);
    resetPageLoadMemo();
    expect(countPageLoad(undefined)).toBe(1);
  });
});

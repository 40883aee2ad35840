/**
 * A small seeded pseudo-random generator (mulberry32) for the demo data.
 * Demo data must be identical for the same seed on every machine and every run,
 * so nothing here may touch Math.random() or the clock.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** A float in [min, max), rounded to `decimals` places when given. */
  float(min: number, max: number, decimals?: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One element chosen with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `count` distinct elements (or all of them, when fewer), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** A new generator whose sequence depends on this one's seed and `label` only. */
  fork(label: string | number): Rng;
}

/** 32-bit FNV-1a hash of a string; used to derive seeds from labels. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number): Rng {
  const baseSeed = seed >>> 0;
  let state = baseSeed;

  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = copy[i];
      copy[i] = copy[j];
      copy[j] = tmp;
    }
    return copy;
  };

  return {
    next,
    int,
    float(min, max, decimals) {
      const value = min + next() * (max - min);
      if (decimals === undefined) return value;
      const factor = 10 ** decimals;
      return Math.round(value * factor) / factor;
    },
    chance(p) {
      return next() < p;
    },
    pick(items) {
      if (items.length === 0) throw new Error("pick() from an empty list");
      return items[Math.floor(next() * items.length)];
    },
    weighted(items) {
      let total = 0;
      for (const [, w] of items) total += w;
      if (items.length === 0 || total <= 0) throw new Error("weighted() needs positive weights");
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
    sample(items, count) {
      return shuffle(items).slice(0, Math.max(0, count));
    },
    shuffle,
    fork(label) {
      return createRng(hashString(`${baseSeed}:${label}`));
    },
  };
}

/** [[west, south], [east, north]], as MapLibre takes bounds. */
export type Bounds = [[number, number], [number, number]];

/**
 * The bounds of the narrowest band of longitudes that holds `share` of the positions ([lng, lat]).
 * The deals map falls back to it when all the deals do not fit the screen (a phone, deals on several
 * continents): the visitor then sees where most deals are, not the empty middle of the Atlantic.
 */
export function densestArea(positions: readonly [number, number][], share = 0.8): Bounds | null {
  if (positions.length === 0) return null;
  const byLongitude = [...positions].sort((a, b) => a[0] - b[0]);
  const size = Math.max(1, Math.ceil(byLongitude.length * share));
  let start = 0;
  for (let i = 1; i + size <= byLongitude.length; i++) {
    const width = byLongitude[i + size - 1][0] - byLongitude[i][0];
    if (width < byLongitude[start + size - 1][0] - byLongitude[start][0]) start = i;
  }
  const band = byLongitude.slice(start, start + size);
  const latitudes = band.map(([, lat]) => lat);
  return [
    [band[0][0], Math.min(...latitudes)],
    [band[band.length - 1][0], Math.max(...latitudes)],
  ];
}

/**
 * A value built the first time it is asked for. Intl formatters and collators cost a phone 5–25 ms
 * each to build; created at module level, every page that loads the module pays for them before it can
 * respond to a tap, even pages that never format a date or sort by name.
 */
export function onFirstUse<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= create();
    return value;
  };
}

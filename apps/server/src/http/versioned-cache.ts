/**
 * Memoises a value derived from data that carries a version number, rebuilding it only when the
 * version changes (e.g. the public deals JSON after an admin edits a listing).
 */
export function versionedCache<T>(currentVersion: () => number, build: () => Promise<T>): () => Promise<T> {
  let cached: { version: number; value: Promise<T> } | undefined;
  return () => {
    const version = currentVersion();
    if (!cached || cached.version !== version) {
      const value = build();
      cached = { version, value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };
}

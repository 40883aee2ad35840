/**
 * The address of the loading screen (routes/loading.tsx) in front of a download that takes a while to
 * build: it shows at once, the download starts from it, and `back` leads to where the visitor was.
 */
export function loadingHref(next: string, back: string): string {
  return `/loading?${new URLSearchParams({ next, back })}`;
}

import { type ComponentType, lazy, memo, Suspense, useEffect } from "react";

/**
 * A part of every page that the server renders in full but the browser need not run to make the page
 * interactive (the footer, the chat button, the account menu): its code is not in the page's first
 * load, and React hydrates it once the code has arrived (decision 037).
 *
 * How: on the server the component renders at once (its module is loaded before the first request,
 * see `islandsLoaded`), inside a Suspense boundary. In the browser the same boundary meets a lazy
 * component whose code is not there yet, so React keeps the server's HTML as it is (links work, nothing
 * flickers) and hydrates the boundary when the code arrives, fetched when the browser is idle after
 * hydration. `memo` keeps a parent's re-render from reaching the boundary before then (React would
 * otherwise have to drop the server's HTML to render the new props).
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  // Whether the document's "hydrated" mark waits for this island (it was on the page at first load).
  const awaited = { counted: false, signalled: false };
  const fetchCode = () =>
    load().then((component) => {
      loaded = { default: onServer ? component : signalsHydration(component, awaited) };
      return loaded;
    });
  if (onServer) serverLoads.push(fetchCode());
  // Once loaded, a thenable that calls back at once: React then renders without suspending (the
  // server always; the browser on later mounts).
  const Lazy = lazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: React reads a thenable that has resolved at once.
        ({ then: (resolve: (module: typeof loaded) => void) => resolve(loaded) } as never)
      : whenIdle(fetchCode),
  );
  function Island(props: P) {
    // React may hydrate the boundary below only after the root's effects have run, so the island is
    // counted here, outside it: a child's effect runs before the root's, which marks the document.
    useEffect(() => {
      if (loaded || awaited.counted) return;
      awaited.counted = true;
      expectHydration();
    }, []);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return memo(Island) as unknown as ComponentType<P>;
}

const onServer = typeof document === "undefined";
const serverLoads: Promise<unknown>[] = [];

/** Resolves once every island's module is loaded on the server; the server renders after it. */
export function islandsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

// The islands the page is waiting for: those on the page at first load whose code has not run yet.
let waiting = 0;
let allHydrated: (() => void) | undefined;
let hydrated = Promise.resolve();

function expectHydration(): void {
  if (waiting++ === 0) hydrated = new Promise((resolve) => (allHydrated = resolve));
}

/** The island's component, telling `islandsHydrated` when it has hydrated (its first effect). */
function signalsHydration<P extends object>(
  Component: ComponentType<P>,
  awaited: { counted: boolean; signalled: boolean },
): ComponentType<P> {
  return function Hydrated(props: P) {
    useEffect(() => {
      if (!awaited.counted || awaited.signalled) return;
      awaited.signalled = true;
      if (--waiting === 0) allHydrated?.();
    }, []);
    return <Component {...props} />;
  };
}

/**
 * Resolves once every island on the page at first load has hydrated: the page is then wholly
 * interactive (the root marks the document for end-to-end tests).
 */
export function islandsHydrated(): Promise<void> {
  return hydrated;
}

/** Starts after hydration has done its work, when the browser is idle (at most 2 s later). */
function whenIdle<T>(start: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  }).then(start);
}

import { resolve } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rolldown } from "vite";

const framework =
  /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;

/**
 * Names the chunk of the root route's static import graph, which every page loads: the header, the
 * footer, the login dialog's opener and what they import. Found once per build by walking the root's
 * static imports (dynamic imports stay apart: dialogs, menus and forms load on first use).
 */
function shellChunk() {
  const appDir = resolve(import.meta.dirname, "app");
  const rootRoute = resolve(appDir, "root.tsx");
  let shell: Set<string> | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): Rolldown.ModuleInfo | null }) => {
    if (!shell) {
      shell = new Set();
      const stack = [rootRoute];
      while (stack.length > 0) {
        const next = stack.pop() as string;
        // Only the app's own modules: barrels (the domain package, lucide-react) name every module
        // they re-export, used or not; what the app's modules do use joins them as their dependencies.
        if (shell.has(next) || !next.startsWith(appDir)) continue;
        shell.add(next);
        stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? "shell" : null;
  };
}

/**
 * Small modules that every page showing deals uses (deal types, regions, sizes, links, paging, the
 * listing image, the icons of a deal card): one file instead of a dozen files of a few hundred bytes,
 * each of which costs its own request and compresses worse alone.
 */
const dealBasics = new RegExp(
  [
    "packages/domain/src/listing/(region|listing-type-flags|country|listing|deal-types|deal-links|deal-size|status)\\.ts$",
    "packages/domain/src/on-first-use\\.ts$",
    "app/lib/(api-fetch|use-hydrated)\\.ts$",
    "app/features/deals/(deal-facts\\.ts|listing-image\\.tsx)$",
    "lucide-react/dist/esm/icons/(chevron-left|chevron-right|arrow-right|heart|map-pin)\\.mjs$",
  ].join("|"),
);

/** The same for what the deal lists share (their query, the whole list's store, sorting, view icons). */
const dealLists = new RegExp(
  [
    "packages/domain/src/listing/(deal-query|sort)\\.ts$",
    "app/features/deals/(deals-store\\.ts|lazy-deals-map\\.tsx)$",
    "lucide-react/dist/esm/icons/(sliders-horizontal|printer|list)\\.mjs$",
  ].join("|"),
);

/**
 * The icon library's icons drawn as one element each (app/lib/drawn-icon.ts, decision 047): each icon
 * module of lucide-react imports `../createLucideIcon.mjs`, which is answered with ours. Vite's
 * pre-bundling of dependencies for the dev server's browser side does not run plugins, so there the
 * library draws its own icons, which give the same markup.
 */
function drawnIcons(): Plugin {
  const drawnIcon = resolve(import.meta.dirname, "app/lib/drawn-icon.ts");
  const iconModule = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
  return {
    name: "aea:drawn-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && iconModule.test(importer)) return drawnIcon;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [drawnIcons(), tailwindcss(), reactRouter()],
  // The analysis page's route (spec: ANALYSIS_ROUTE, default participant) is fixed at build, as in
  // app/routes.ts; the links to it are built with the same value.
  define: { __ANALYSIS_PATH__: JSON.stringify(`/${process.env.ANALYSIS_ROUTE || "participant"}`) },
  build: {
    // Not "assets": the content service owns /assets/{id} (Directus-compatible URLs).
    assetsDir: "_app",
    // AEA_SOURCEMAP=1: source maps, to see which modules a chunk's bytes come from (decision 037).
    sourcemap: process.env.AEA_SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        // A page loads only the modules it runs (decision 037): the framework travels as one file, the
        // root route's whole static graph (loaded by every page anyway) as another, and everything else
        // with the route that imports it, so a page pays for none of the domain rules, schemas or icons
        // of other pages.
        codeSplitting: {
          groups: [
            { name: "framework", test: framework, priority: 30 },
            { name: shellChunk(), priority: 20 },
            {
              name: "deal-lists",
              test: (id: string) => dealLists.test(id.replaceAll("\\", "/")),
              priority: 10,
            },
            {
              name: "deal-basics",
              test: (id: string) => dealBasics.test(id.replaceAll("\\", "/")),
              priority: 11,
            },
          ],
        },
      },
    },
  },
  // The icon library's entry defines every icon (1.3 MB of source), and Radix's entry loads every one
  // of its 30-odd components: bundled, the server keeps only the icons and components the pages use
  // (decision 037).
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Not "assets": the content service owns /assets/{id} (Directus-compatible URLs).
    assetsDir: "_app",
    rolldownOptions: {
      output: {
        // A phone on a slow network pays a round trip per file: the framework, the icons and the domain
        // rules each travel as one file instead of dozens of tiny ones. Schemas (zod) stay apart, so
        // pages without a form load none of them.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 20 },
            {
              name: "domain",
              test: /packages[\\/]domain[\\/]src[\\/](?!.*(schemas|zod|interests)\.ts)/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});

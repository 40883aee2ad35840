import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Not "assets": the content service owns /assets/{id} (Directus-compatible URLs).
    assetsDir: "_app",
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});

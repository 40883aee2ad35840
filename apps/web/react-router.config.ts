import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  future: {
    // Without it the first page load after a cold Vite cache reloads mid-way (breaks dev-mode tests).
    unstable_optimizeDeps: true,
  },
} satisfies Config;

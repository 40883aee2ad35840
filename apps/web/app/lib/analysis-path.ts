declare const __ANALYSIS_PATH__: string;

/** Where the analysis page is (ANALYSIS_ROUTE at build time, default `/participant`; see vite.config.ts). */
export const analysisPath: string = __ANALYSIS_PATH__;

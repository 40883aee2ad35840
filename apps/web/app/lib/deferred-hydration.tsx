/**
 * Hydration starts once the page has loaded, not while it is still painting.
 *
 * Every page is complete server-rendered HTML with its stylesheet inline; links and forms work
 * without JavaScript. A phone on a slow network should spend its first seconds on that HTML and the
 * banner image, not on ~180 KB of framework code that only makes the page interactive. React Router
 * writes `<link rel="modulepreload">` for every chunk and an inline module script that imports the
 * route modules; the browser fetches and runs both at once, at high priority, ahead of the paint.
 *
 * `parkModuleTags` (park-module-tags.server.ts) rewrites those two tags in the server's HTML so the browser leaves them
 * alone (an unknown `rel`, an unknown script `type`); `StartHydrationAfterLoad` restores them once the
 * window's `load` event has fired and the page has painted (two animation frames later), or after
 * `HYDRATION_DEADLINE_MS` at the latest, so a hanging image cannot keep a page inert. The preloads come
 * back a few per task (`PRELOADS_PER_TASK`), the module script after the last. The DOM then holds exactly the tags React rendered, so hydration matches.
 */

export const PARKED_PRELOAD = "aea-modulepreload";
export const PARKED_SCRIPT = "aea-module";
export const HYDRATION_DEADLINE_MS = 3_000;

/**
 * Preloads restored per task: each restored link starts a fetch on the main thread (0.7–3 ms on a
 * phone-speed CPU), and a page has 11–16 of them; all in one task blocked input for up to 44 ms.
 */
export const PRELOADS_PER_TASK = 4;

export const startHydrationScript = `(()=>{let started=false;const start=()=>{if(started)return;started=true;\
const links=[...document.querySelectorAll('link[rel="${PARKED_PRELOAD}"]')];\
const next=()=>{for(const link of links.splice(0,${PRELOADS_PER_TASK}))link.rel="modulepreload";\
if(links.length){setTimeout(next,0);return}\
for(const parked of document.querySelectorAll('script[type="${PARKED_SCRIPT}"]')){\
const script=document.createElement("script");script.type="module";script.nonce=parked.nonce;\
script.textContent=parked.textContent;parked.replaceWith(script)}};next()};\
const afterPaint=()=>requestAnimationFrame(()=>requestAnimationFrame(start));\
if(document.readyState==="complete")afterPaint();\
else{addEventListener("load",afterPaint,{once:true});setTimeout(start,${HYDRATION_DEADLINE_MS})}})()`;

/** The inline script that starts the parked module scripts; rendered once, before React Router's scripts. */
export function StartHydrationAfterLoad({ nonce }: { nonce?: string }) {
  const script = { __html: startHydrationScript };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, no user content.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={script} />;
}

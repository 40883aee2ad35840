// The same hashed file the stylesheet's @font-face points to; preloading it stops the text reflowing.

import {
  type RouteHandle,
  routePolicyOf,
  SERVER_ERROR,
  SERVICE_UNAVAILABLE_TITLE,
  showsOldBrowserBanner,
  VIEWING_AS_READ_ONLY,
} from "@aea/domain";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  type MiddlewareFunction,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { appContext } from "./app-context";
import { ReadOnly } from "./components/ui/read-only";
import { LoginDialogProvider } from "./features/accounts/login-dialog";
import { BrandBar } from "./features/layout/brand-bar";
import { OldBrowserBanner } from "./features/layout/old-browser-banner";
import { PageNotice } from "./features/layout/page-notice";
import { SiteHeader } from "./features/layout/site-header";
import { TermsDialog } from "./features/layout/terms-dialog";
import { LazyPushOffer } from "./features/push/lazy-push-offer";
import { StartHydrationAfterLoad } from "./lib/deferred-hydration";
import { logOutEndedSession } from "./lib/ended-session";
import { environmentBadgeFor } from "./lib/environment-badge";
import { admitDeclaredAudience } from "./lib/guards";
import { SiteStylesheet } from "./lib/inline-stylesheet";
import { island, islandsHydrated } from "./lib/island";
import { ListLinkNavigation } from "./lib/list-link";
import { pageTitle, type SiteData } from "./lib/site";

// Rendered by the server, hydrated once their code has arrived after the page's (decision 037): a
// page's first load carries none of the footer, the chat button or the account menu.
const SiteFooter = island(() => import("./features/layout/site-footer").then((m) => m.SiteFooter));
const ChatWidget = island(() => import("./features/chat/chat-widget").then((m) => m.ChatWidget));
const AccountMenu = island(() => import("./features/accounts/account-menu").then((m) => m.AccountMenu));
// The header's search is a plain GET form until its code arrives (what is typed in it stays).
const DealSearchBox = island(() => import("./features/deals/deal-search-box").then((m) => m.DealSearchBox));
const HeaderDealTools = island(() =>
  import("./features/deals/header-deal-tools").then((m) => m.HeaderDealTools),
);

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Pages set their own titles; when a page fails, the error screen still gets "Firm | …" and stays out of search.
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: pageTitle(matches, notFound ? "Page missing" : "Error") },
    { name: "robots", content: "noindex" },
  ];
};

/**
 * "View as" is read-only: when the server found that this request's action would change something
 * while staff view the site as a buyer, no action runs and the page says why (403 `IMPERSONATING`).
 */
const refuseWhileViewingAs: MiddlewareFunction<Response> = ({ context }, next) => {
  if (context.get(appContext).refusedWhileViewingAs)
    throw data({ message: VIEWING_AS_READ_ONLY, code: "IMPERSONATING" }, { status: 403 });
  return next();
};

/** Pages staff who owe their second factor may still open (STAFF_MFA=required, decision 024). */
const OPEN_DURING_ENROLMENT = new Set(["/account/security", "/logout"]);

/**
 * Staff without a second factor reach only the enrolment page: this runs before any loader or action
 * of every page and file route, so none of them can forget it.
 */
const enrolmentFirst: MiddlewareFunction<Response> = ({ context, request }, next) => {
  if (context.get(appContext).secondFactorEnrolmentRequired) {
    const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");
    if (!OPEN_DURING_ENROLMENT.has(path)) throw redirect("/account/security");
  }
  return next();
};

export const middleware = [logOutEndedSession, enrolmentFirst, refuseWhileViewingAs, admitDeclaredAudience];

export function loader({ context, request }: Route.LoaderArgs): SiteData {
  const { core, cspNonce, user } = context.get(appContext);
  const { config } = core;
  const userAgent = request.headers.get("user-agent") ?? "";
  const pushEnabled = config.production && core.push.enabled;
  return {
    firmName: config.firmName,
    firmShortName: config.firmShortName,
    publicUrl: config.publicUrl,
    features: config.features,
    cspNonce,
    oldBrowser: showsOldBrowserBanner(userAgent, request.headers.get("cookie") ?? ""),
    mapsKey: config.mapsKey,
    user,
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone,
    pushEnabled,
    vapidPublicKey: pushEnabled ? core.push.publicKey : undefined,
    environmentBadge: environmentBadgeFor(user, config.environmentName),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData("root") as SiteData | undefined;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1b31" />
        <Meta />
        <Links />
        <SiteStylesheet nonce={site?.cspNonce} />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={site?.cspNonce} />
        <StartHydrationAfterLoad nonce={site?.cspNonce} />
        <Scripts nonce={site?.cspNonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated; end-to-end tests wait for it before interacting.
  // Islands (lib/island.tsx) hydrate once their code has arrived: the mark waits for them too.
  useEffect(() => {
    void islandsHydrated().then(() => {
      document.documentElement.dataset.hydrated = "true";
    });
  }, []);
  return (
    <ListLinkNavigation>
      <SiteFrame>
        <Outlet />
      </SiteFrame>
    </ListLinkNavigation>
  );
}

function SiteFrame({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData("root") as SiteData | undefined;
  // What the page's route modules declare (header, search bar, footer), e.g. /login stands alone.
  const policy = routePolicyOf(useMatches().map((match) => match.handle as RouteHandle | undefined));
  // "View as" is read-only: its forms say so instead of submitting into a refusal.
  const viewingAs = site?.user?.impersonatorId != null;
  return (
    <ReadOnly reason={viewingAs ? VIEWING_AS_READ_ONLY : null}>
      <LoginDialogProvider>
        <a
          href="#main"
          className="sr-only z-50 rounded bg-amber-500 px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {site?.oldBrowser ? <OldBrowserBanner /> : null}
        {site && policy.header ? (
          <SiteHeader
            account={<AccountMenu />}
            searchBar={
              policy.searchBar ? (
                <>
                  <div className="flex min-w-[16rem] flex-1 md:max-w-xl">
                    <DealSearchBox />
                  </div>
                  <HeaderDealTools />
                </>
              ) : null
            }
          />
        ) : null}
        {site && !policy.header ? <BrandBar /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {site && policy.footer ? <SiteFooter /> : null}
        {site ? <TermsDialog /> : null}
        {site ? <PageNotice /> : null}
        {site ? <ChatWidget enabled={site.features.showDrift} /> : null}
        {site?.pushEnabled && site.vapidPublicKey && !viewingAs ? (
          <LazyPushOffer publicKey={site.vapidPublicKey} />
        ) : null}
      </LoginDialogProvider>
    </ReadOnly>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const explained = explainedMessage(error);
  const heading = notFound
    ? "404: page missing"
    : unavailable
      ? SERVICE_UNAVAILABLE_TITLE
      : explained
        ? "Not done"
        : SERVER_ERROR;
  return (
    <SiteFrame>
      <section className="mx-auto max-w-3xl px-6 py-24 text-center">
        <h1 className="font-bold text-3xl text-navy-900">{heading}</h1>
        <p className="mt-4 text-slate-650">
          {notFound
            ? "The page you asked for does not exist."
            : (explained ?? "Please try again in a moment.")}
        </p>
        <a className="mt-8 inline-block font-semibold text-amber-700 underline" href="/home">
          Go to the home page
        </a>
      </section>
    </SiteFrame>
  );
}

/**
 * The message of a refusal the server explained (a 403 with `{ message }`), or of an outage (a 503,
 * see entry.server), shown as it is.
 */
function explainedMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || (error.status !== 403 && error.status !== 503)) return undefined;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : undefined;
}

import { HERO_BANNER_SIZE } from "@aea/domain";
import { ArrowLeft, ArrowRight, RotateCcw } from "lucide-react";
import { useLayoutEffect } from "react";
import { Link, useNavigate } from "react-router";
import { cssColour } from "../../components/ui/colour";
import { NavTabs } from "../../components/ui/nav-tabs";
import { assetUrl, type ContentFile } from "../../lib/content/assets";
import { ContentImage } from "../../lib/content/content-image";
import { RichText, type SafeHtml } from "../../lib/content/safe-html";
import type { SeoFields } from "../../lib/content/seo";

export interface ServiceSummary {
  path: string;
  title: string;
}

export interface ServiceDetail extends ServiceSummary {
  slideTitle: string;
  bodyTitle: string;
  body: SafeHtml;
  underlineColour: string;
  banner: ContentFile | null;
  background: ContentFile | null;
  sideImages: ContentFile[];
  seo: SeoFields;
}

export const PREVIOUS_SERVICE = "Previous";
export const NEXT_SERVICE = "Next";
export const RETURN_TO_FIRST = "Return to first";

export const serviceHref = (path: string) => `/services/${encodeURIComponent(path)}`;

interface ServiceSlideProps {
  service: ServiceDetail;
  services: ServiceSummary[];
}

/**
 * One service as a slide of the services deck (spec §2): banner, title, body, side pictures and the
 * service's underline colour, with previous/next arrows. Previous is disabled on the first slide;
 * on the last, next returns to the first. The arrow keys turn the slides too.
 */
export function ServiceSlide({ service, services }: ServiceSlideProps) {
  const index = Math.max(
    0,
    services.findIndex((s) => s.path === service.path),
  );
  const previous = index > 0 ? services[index - 1] : null;
  const last = index >= services.length - 1;
  const next = last ? services[0] : services[index + 1];
  const underline = cssColour(service.underlineColour, "var(--color-amber-500)");
  useSlideKeys(
    serviceHref(service.path),
    previous ? serviceHref(previous.path) : null,
    next ? serviceHref(next.path) : null,
  );

  return (
    <article aria-labelledby="service-title">
      <header className="relative isolate overflow-hidden bg-navy-900 text-white">
        {service.banner ? (
          <ContentImage
            file={service.banner}
            widths={[480, 768, 1024, 1366, 1600, HERO_BANNER_SIZE.width]}
            // The banner covers a box wider than tall on phones too: it needs more than the viewport's width there.
            sizes="(min-width: 768px) 100vw, 170vw"
            alt=""
            loading="eager"
            fetchPriority="high"
            className="absolute inset-0 -z-10 h-full w-full object-cover"
          />
        ) : null}
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-linear-to-r from-navy-950/90 via-navy-950/60 to-navy-950/10"
        />
        <div className="mx-auto flex min-h-56 max-w-7xl flex-col justify-end px-6 py-10 md:min-h-80 md:py-14">
          <p className="font-semibold text-amber-500 text-sm uppercase tracking-[0.16em]">
            Services · {index + 1} of {services.length}
          </p>
          <h1 id="service-title" className="mt-2 font-bold text-3xl leading-tight sm:text-5xl">
            {service.title}
          </h1>
          {service.slideTitle ? (
            <p className="mt-3 max-w-2xl text-lg text-navy-100 sm:text-xl">{service.slideTitle}</p>
          ) : null}
        </div>
      </header>

      <div className="relative isolate overflow-hidden bg-white">
        {service.background ? (
          <div
            aria-hidden
            className="absolute inset-0 -z-10 bg-center bg-cover opacity-60"
            style={{
              backgroundImage: `url("${assetUrl(service.background, { width: 1280, quality: 70, format: "auto" })}")`,
            }}
          />
        ) : null}
        <div className="mx-auto grid max-w-7xl items-start gap-10 px-6 py-12 lg:grid-cols-[minmax(0,1fr)_16rem] lg:py-16">
          <div className="rounded-card bg-white/85 p-6 shadow-card backdrop-blur-sm sm:p-8">
            {service.bodyTitle ? (
              <h2 className="font-bold text-2xl text-navy-900 sm:text-3xl">{service.bodyTitle}</h2>
            ) : null}
            <span
              aria-hidden
              data-testid="service-underline"
              className="mt-3 block h-1 w-24 rounded-full"
              style={{ backgroundColor: underline }}
            />
            <RichText
              html={service.body}
              className="mt-6 max-w-3xl text-lg text-slate-650 leading-relaxed [&_a]:text-navy-800"
            />
            <aside
              aria-label="Get in touch"
              className="mt-8 flex flex-col gap-4 rounded-card bg-navy-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="font-semibold text-lg">Considering a sale? Talk to our deal team.</p>
              <div className="flex shrink-0 flex-wrap gap-3">
                <Link
                  to="/seller"
                  className="inline-flex items-center rounded-md bg-amber-500 px-4 py-2 font-semibold text-navy-950 text-sm hover:bg-amber-600"
                >
                  Sell Your Assets
                </Link>
                <Link
                  to="/contact-us"
                  className="inline-flex items-center rounded-md border border-white/30 px-4 py-2 font-semibold text-sm text-white hover:bg-white/10"
                >
                  Contact Us
                </Link>
              </div>
            </aside>
          </div>
          {service.sideImages.length > 0 ? (
            <ul className="grid grid-cols-3 gap-3 lg:grid-cols-1 lg:gap-4">
              {service.sideImages.map((image, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: top, middle and undermost may share a picture.
                <li key={`${image.id}-${i}`}>
                  <ContentImage
                    file={image}
                    widths={[160, 320, 480]}
                    sizes="(min-width: 1000px) 16rem, 33vw"
                    aspect={{ width: 480, height: 360 }}
                    className="aspect-[4/3] h-auto w-full rounded-card object-cover shadow-card"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>

      <nav aria-label="Service slides" className="border-navy-100 border-t bg-navy-50">
        <div className="mx-auto flex max-w-7xl items-stretch justify-between gap-4 px-6 py-6">
          {previous ? (
            <Link to={serviceHref(previous.path)} className={arrowStyle} rel="prev">
              <ArrowLeft aria-hidden size={18} />
              <span className="flex flex-col items-start">
                <span>{PREVIOUS_SERVICE}</span>
                <span className="hidden font-normal text-slate-650 text-xs sm:block">{previous.title}</span>
              </span>
            </Link>
          ) : (
            <button type="button" disabled className={arrowStyle}>
              <ArrowLeft aria-hidden size={18} />
              {PREVIOUS_SERVICE}
            </button>
          )}
          {next ? (
            <Link
              to={serviceHref(next.path)}
              className={`${arrowStyle} ${last ? "" : "flex-row-reverse text-right"}`}
              rel={last ? undefined : "next"}
            >
              {last ? <RotateCcw aria-hidden size={18} /> : <ArrowRight aria-hidden size={18} />}
              <span className={`flex flex-col ${last ? "items-start" : "items-end"}`}>
                <span>{last ? RETURN_TO_FIRST : NEXT_SERVICE}</span>
                <span className="hidden font-normal text-slate-650 text-xs sm:block">{next.title}</span>
              </span>
            </Link>
          ) : null}
        </div>
      </nav>
    </article>
  );
}

const arrowStyle =
  "inline-flex min-w-36 items-center gap-3 rounded-md border border-navy-100 bg-white px-4 py-2.5 font-semibold text-navy-800 text-sm shadow-card transition-colors hover:border-amber-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:shadow-none";

/** The list of all services, as tabs above the slide. */
export function ServiceTabs({ services, current }: { services: ServiceSummary[]; current: string }) {
  return (
    <NavTabs
      label="Services"
      tabs={services.map((service) => ({
        to: serviceHref(service.path),
        label: service.title,
        current: service.path === current,
      }))}
    />
  );
}

/** Left and right arrow keys turn the slides, unless the visitor is typing or a dialog is open. */
function useSlideKeys(here: string, previous: string | null, next: string | null) {
  const navigate = useNavigate();
  // A layout effect: the next slide's keys take over in the same task that shows it. With a passive
  // effect, an arrow pressed between the slide appearing and the effect running (a busy phone, a
  // quick second press) met no listener, or the last slide's, and was lost.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable], [role=dialog]")) return;
      // Between a navigation and the next slide's render, this slide's neighbours are stale.
      if (window.location.pathname !== here) return;
      const to = event.key === "ArrowLeft" ? previous : event.key === "ArrowRight" ? next : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, here, previous, next]);
}

import type { EmblaCarouselType } from "embla-carousel";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";

export interface CarouselOptions {
  /** Slides visible at once on the widest screens… */
  slidesPerView: number;
  /** …and fewer below these widths (narrowest match wins). */
  responsive: ReadonlyArray<{ below: number; slidesPerView: number }>;
  autoplayMs: number | null;
  /** Time for one slide change; embla measures it in its own unit, roughly ms / 25. */
  speedMs: number | null;
  hideArrowsBelow: number | null;
}

/** Embla and its autoplay plugin, fetched once for every carousel of the page. */
let emblaModules:
  | Promise<[typeof import("embla-carousel"), typeof import("embla-carousel-autoplay")]>
  | undefined;
const loadEmbla = () => {
  emblaModules ??= Promise.all([import("embla-carousel"), import("embla-carousel-autoplay")]);
  return emblaModules;
};

interface CarouselProps extends CarouselOptions {
  label: string;
  slides: ReactNode[];
  className?: string;
}

/**
 * A carousel (embla) whose slide widths come from CSS, so the server renders the final layout and
 * nothing moves when JavaScript arrives. Autoplay pauses on hover and focus and never runs for
 * visitors who prefer reduced motion.
 *
 * Each carousel starts when it comes near the screen, in a task of its own: the home page has four,
 * and setting them all up in the task that finishes hydration kept a phone busy for a noticeable
 * moment. A hidden one (e.g. case histories on a phone) never starts until it is shown. An arrow
 * pressed before its carousel has started starts it at once. Embla itself (7 KB gzip) loads with the
 * first carousel that starts, not with the page (decision 037): the server's HTML already shows the
 * first slides.
 */
export function Carousel({
  label,
  slides,
  slidesPerView,
  responsive,
  autoplayMs,
  speedMs,
  hideArrowsBelow,
  className = "",
}: CarouselProps) {
  const id = useId().replace(/:/g, "");
  const viewport = useRef<HTMLDivElement>(null);
  const emblaRef = useRef<EmblaCarouselType | null>(null);
  const [canScroll, setCanScroll] = useState({ prev: false, next: slides.length > slidesPerView });
  const loop = slides.length > 1;
  const duration = speedMs ? Math.max(15, Math.round(speedMs / 25)) : 25;

  const starting = useRef<Promise<EmblaCarouselType | null> | null>(null);
  const start = useCallback((): Promise<EmblaCarouselType | null> => {
    if (starting.current) return starting.current;
    const attempt = loadEmbla().then(([{ default: EmblaCarousel }, { default: Autoplay }]) => {
      // Unmounted while embla was on its way: nothing to start.
      if (!viewport.current || starting.current !== attempt) return null;
      const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const plugins =
        autoplayMs && !reducedMotion
          ? [
              Autoplay({
                delay: autoplayMs,
                stopOnInteraction: false,
                stopOnMouseEnter: true,
                stopOnFocusIn: true,
              }),
            ]
          : [];
      const embla = EmblaCarousel(viewport.current, { loop, align: "start", duration }, plugins);
      const update = () => setCanScroll({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
      embla.on("select", update).on("reInit", update);
      update();
      emblaRef.current = embla;
      return embla;
    });
    starting.current = attempt;
    return attempt;
  }, [autoplayMs, loop, duration]);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        timer = setTimeout(() => void start());
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      emblaRef.current?.destroy();
      emblaRef.current = null;
      starting.current = null;
    };
  }, [start]);

  const widths = [
    `.c${id} .slide{flex:0 0 calc(100% / ${slidesPerView})}`,
    ...[...responsive]
      .sort((a, b) => b.below - a.below)
      .map(
        (step) =>
          `@media (max-width:${step.below - 0.02}px){.c${id} .slide{flex-basis:calc(100% / ${step.slidesPerView})}}`,
      ),
    ...(hideArrowsBelow
      ? [`@media (max-width:${hideArrowsBelow - 0.02}px){.c${id} .arrow{display:none}}`]
      : []),
  ].join("");

  const arrow =
    "arrow absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white/90 p-2 text-navy-900 shadow-card hover:bg-white disabled:opacity-30";
  return (
    <section aria-roledescription="carousel" aria-label={label} className={`c${id} relative ${className}`}>
      <style>{widths}</style>
      <div ref={viewport} className="overflow-hidden">
        <ul className="flex">
          {slides.map((slide, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional and never reorder.
              key={index}
              className="slide min-w-0"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {slides.length > 1 ? (
        <>
          <button
            type="button"
            className={`${arrow} left-2`}
            onClick={() => void start().then((embla) => embla?.scrollPrev())}
            disabled={!canScroll.prev}
            aria-label="Previous slide"
          >
            <ChevronLeft aria-hidden size={20} />
          </button>
          <button
            type="button"
            className={`${arrow} right-2`}
            onClick={() => void start().then((embla) => embla?.scrollNext())}
            disabled={!canScroll.next}
            aria-label="Next slide"
          >
            <ChevronRight aria-hidden size={20} />
          </button>
        </>
      ) : null}
    </section>
  );
}

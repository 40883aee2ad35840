import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useState } from "react";

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

interface CarouselProps extends CarouselOptions {
  label: string;
  slides: ReactNode[];
  className?: string;
}

/**
 * A carousel (embla) whose slide widths come from CSS, so the server renders the final layout and
 * nothing moves when JavaScript arrives. Autoplay pauses on hover and focus and never runs for
 * visitors who prefer reduced motion.
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
  const [reducedMotion, setReducedMotion] = useState(true);
  useEffect(() => setReducedMotion(window.matchMedia("(prefers-reduced-motion: reduce)").matches), []);
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
  const [viewportRef, embla] = useEmblaCarousel(
    {
      loop: slides.length > 1,
      align: "start",
      duration: speedMs ? Math.max(15, Math.round(speedMs / 25)) : 25,
    },
    plugins,
  );
  const [canScroll, setCanScroll] = useState({ prev: false, next: slides.length > slidesPerView });
  const update = useCallback(() => {
    if (embla) setCanScroll({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
  }, [embla]);
  useEffect(() => {
    if (!embla) return;
    update();
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla, update]);

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
      <div ref={viewportRef} className="overflow-hidden">
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
            onClick={() => embla?.scrollPrev()}
            disabled={!canScroll.prev}
            aria-label="Previous slide"
          >
            <ChevronLeft aria-hidden size={20} />
          </button>
          <button
            type="button"
            className={`${arrow} right-2`}
            onClick={() => embla?.scrollNext()}
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

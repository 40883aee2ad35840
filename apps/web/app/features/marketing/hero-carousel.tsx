import { HERO_BANNER_SIZE, HERO_CAROUSEL } from "@aea/domain";
import type { ComponentProps } from "react";
import { preload } from "react-dom";
import { Link } from "react-router";
import { Carousel } from "../../components/ui/carousel";
import { contrastingText } from "../../components/ui/colour";
import { assetSrcSet, type ContentFile, candidateUrl, srcSetCandidates } from "../../lib/content/assets";
import { ContentImage } from "../../lib/content/content-image";
import { RichText, type SafeHtml } from "../../lib/content/safe-html";
import { HeroSideImage } from "./hero-side-image";

export interface HeroSlide {
  id: number;
  title: string;
  body: SafeHtml;
  clickUrl: string;
  links: { title: string; url: string }[];
  buttonColour: string;
  banner: ContentFile | null;
  /** Shown beside the banner's text on wide screens (spec §3 `image`, §9 height 600). */
  sideImage: ContentFile | null;
}

const bannerWidths = [512, 768, 1024, 1280, 1536, 1920];
// Below md the banner shows whole above the text; from md up it fills a box at least 380px high.
const bannerSizes = "(min-width: 768px) max(100vw, 963px), 100vw";

/**
 * The rotating banner under the header (spec §2, §9): one slide at a time, 15 s apiece, arrows hidden
 * on phones. The first banner is preloaded at high priority: it is the page's largest paint.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const first = slides[0]?.banner;
  const widest = first && srcSetCandidates(first.width, bannerWidths).at(-1);
  if (first && widest) {
    // The same URL as the banner's src (ContentImage's widest candidate), so the preload is used.
    preload(candidateUrl(first, widest, { aspect: HERO_BANNER_SIZE }), {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: assetSrcSet(first, bannerWidths, { aspect: HERO_BANNER_SIZE }),
      imageSizes: bannerSizes,
    });
  }
  if (slides.length === 0) return null;
  return (
    <Carousel
      label="Featured"
      className="hero-carousel bg-navy-900"
      {...HERO_CAROUSEL}
      slides={slides.map((slide, index) => (
        <HeroSlideView key={slide.id} slide={slide} first={index === 0} />
      ))}
    />
  );
}

function HeroSlideView({ slide, first }: { slide: HeroSlide; first: boolean }) {
  return (
    <div className="relative flex h-full flex-col bg-navy-900 text-white md:min-h-[max(380px,39.5vw)] md:justify-center">
      {slide.banner ? (
        <ContentImage
          file={slide.banner}
          widths={bannerWidths}
          sizes={bannerSizes}
          aspect={HERO_BANNER_SIZE}
          alt=""
          loading={first ? "eager" : "lazy"}
          fetchPriority={first ? "high" : "auto"}
          className="block h-auto w-full md:absolute md:inset-0 md:h-full md:object-cover md:object-[70%_center]"
        />
      ) : null}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 hidden bg-linear-to-r from-navy-950/90 via-navy-950/55 to-transparent md:block"
      />
      {slide.clickUrl ? (
        <SlideLink
          to={slide.clickUrl}
          className="absolute inset-x-0 top-0 aspect-[1900/750] md:inset-0 md:aspect-auto"
          tabIndex={-1}
          aria-hidden
        />
      ) : null}
      <div className="pointer-events-none relative mx-auto flex w-full max-w-7xl items-center justify-between gap-10 px-6 py-8 md:py-14 lg:px-10">
        <div className="max-w-xl">
          <RichText
            html={slide.body}
            className="text-navy-100 md:text-lg [&_a]:pointer-events-auto [&_h2]:text-white md:[&_h2]:text-4xl lg:[&_h2]:text-5xl [&_h2+p]:mt-4"
          />
          {slide.links.length > 0 ? (
            <ul className="pointer-events-auto mt-6 flex flex-wrap gap-3">
              {slide.links.map((link) => (
                <li key={`${link.title}-${link.url}`}>
                  <SlideLink
                    to={link.url}
                    className="inline-flex items-center rounded-md px-5 py-2.5 font-semibold text-sm shadow-card transition-opacity hover:opacity-90"
                    style={{
                      backgroundColor: slide.buttonColour,
                      color: contrastingText(slide.buttonColour),
                    }}
                  >
                    {link.title}
                  </SlideLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {slide.sideImage ? <HeroSideImage file={slide.sideImage} /> : null}
      </div>
    </div>
  );
}

/** Site paths navigate in the app; other addresses are ordinary links. */
function SlideLink({ to, ...rest }: { to: string } & Omit<ComponentProps<"a">, "href">) {
  if (to.startsWith("/") && !to.startsWith("//")) return <Link to={to} {...rest} />;
  return <a href={to} rel="noopener" {...rest} />;
}

import { HERO_SIDE_IMAGE_HEIGHT } from "@aea/domain";
import { assetSrcSet, type ContentFile } from "../../lib/content/assets";

/** From this width up the slide has room for its side image beside the text (Tailwind's lg). */
const WIDE_SCREEN = "(min-width: 1024px)";
/** Shown at most 600 px high (spec §9), within a hero at least 380 px and 39.5vw high, less its padding. */
const maxHeight = `min(${HERO_SIDE_IMAGE_HEIGHT}px, calc(max(380px, 39.5vw) - 7rem))`;
/** A blank pixel: what a phone's browser loads instead of the picture (nothing from the network). */
const NOTHING = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/**
 * The hero slide's side image (spec §3 `image`, height 600), beside the banner's text on wide screens.
 * Decorative beside the slide's own words (empty alt). Its address is a `<source>` for wide screens
 * only, so a phone, where it is hidden, never downloads it; width and height keep its box from shifting.
 */
export function HeroSideImage({ file }: { file: ContentFile }) {
  const height = HERO_SIDE_IMAGE_HEIGHT;
  const width = Math.round(file.width && file.height ? (file.width * height) / file.height : height * 0.8);
  const widths = [width / 2, width, width * 1.5, width * 2].map(Math.round);
  return (
    <picture className="pointer-events-none hidden shrink-0 lg:block">
      <source media={WIDE_SCREEN} srcSet={assetSrcSet(file, widths)} sizes={`${width}px`} />
      <img
        src={NOTHING}
        alt=""
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        className="h-auto w-auto rounded-card object-contain shadow-raised"
        style={{ maxHeight }}
      />
    </picture>
  );
}

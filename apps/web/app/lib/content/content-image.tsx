import type { ImgHTMLAttributes } from "react";
import { assetSrcSet, assetUrl, type ContentFile, PHOTO_QUALITY, srcSetWidths } from "./assets";

type ContentImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "width" | "height" | "alt"
> & {
  file: ContentFile;
  /** Candidate widths for `srcset`; `sizes` says which one the browser needs. */
  widths: readonly number[];
  sizes: string;
  /** Crop to this width:height (fit cover around the focal point); the file's own shape otherwise. */
  aspect?: { width: number; height: number };
  /** Defaults to the file's title; pass "" for a decorative picture. */
  alt?: string;
  quality?: number;
};

/**
 * A content picture in the size the layout needs, through the asset endpoint. Width and height are
 * always set, so the browser reserves the box before the bytes arrive (no layout shift).
 */
export function ContentImage({
  file,
  widths,
  sizes,
  aspect,
  alt,
  quality = PHOTO_QUALITY,
  loading = "lazy",
  decoding = "async",
  ...rest
}: ContentImageProps) {
  const box = aspect ?? { width: file.width ?? widths.at(-1) ?? 800, height: file.height ?? 600 };
  const fallbackWidth = srcSetWidths(file.width, widths).at(-1) ?? box.width;
  const src = assetUrl(file, {
    width: fallbackWidth,
    height: aspect ? Math.round((fallbackWidth * aspect.height) / aspect.width) : undefined,
    fit: aspect ? "cover" : undefined,
    quality,
    format: "auto",
  });
  return (
    <img
      src={src}
      srcSet={assetSrcSet(file, widths, { aspect, quality })}
      sizes={sizes}
      width={box.width}
      height={box.height}
      alt={alt ?? file.title}
      loading={loading}
      decoding={decoding}
      {...rest}
    />
  );
}

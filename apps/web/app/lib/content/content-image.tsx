import type { ImgHTMLAttributes } from "react";
import { assetSrcSet, type ContentFile, candidateUrl, PHOTO_QUALITY, srcSetCandidates } from "./assets";

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
  // The widest candidate, which the preload of a first banner asks for too.
  const widest = srcSetCandidates(file.width, widths).at(-1);
  const src = widest
    ? candidateUrl(file, widest, { aspect, quality })
    : candidateUrl(file, { width: box.width, actual: box.width }, { aspect, quality });
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

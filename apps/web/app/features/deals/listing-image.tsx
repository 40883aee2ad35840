import { type ImgHTMLAttributes, type ReactNode, useState } from "react";

type ListingImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & {
  src: string | null | undefined;
  /** Shown instead of the image when there is none or it fails to load; nothing when omitted. */
  fallback?: ReactNode;
};

/** A listing's cover, logo or tombstone: a broken image is removed (spec §8), never shown as a broken icon. */
export function ListingImage({ src, fallback = null, alt = "", ...rest }: ListingImageProps) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return <>{fallback}</>;
  return <img src={src} alt={alt} onError={() => setBroken(true)} {...rest} />;
}

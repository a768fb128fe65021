import type { ImgHTMLAttributes } from "react";

type TImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "width" | "height" | "loading" | "decoding" | "alt"> & {
  src: string;
  /** Empty for a decorative image. */
  alt: string;
  /** The size it is shown at, in CSS pixels: reserves its box so nothing shifts when it arrives. */
  width: number;
  height: number;
  /** The largest image above the fold (a hero): fetched early. Everything else waits until it is near. */
  priority?: boolean;
};

/**
 * The one way pages show a picture (docs/performance.md): width and height always set, lazy below the
 * fold, decoded off the main thread. Raster files are WebP or AVIF at the size shown; SVG as it is.
 */
export function Image({ priority = false, alt, ...props }: TImageProps) {
  return <img alt={alt} {...props} loading={priority ? "eager" : "lazy"} decoding="async" fetchPriority={priority ? "high" : "auto"} />;
}

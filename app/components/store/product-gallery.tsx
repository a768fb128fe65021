import { useState } from "react";
import { Link } from "react-router";
import { Image } from "~/components/ui/image";
import { PRODUCT_IMAGE_SIZE, productImageLabel } from "~/lib/product-images";

/**
 * Main picture and thumbnails. The thumbnails are links (?image=n) so the gallery works without JavaScript;
 * with it, a click swaps the picture in place without a request.
 */
export function ProductGallery({ images, productName, initialIndex }: { images: string[]; productName: string; initialIndex: number }) {
  const [index, setIndex] = useState(Math.min(initialIndex, Math.max(0, images.length - 1)));
  const main = images[index];
  if (!main) return <div className="aspect-[4/3] w-full rounded-2xl border border-line bg-surface-2" />;
  return (
    <div>
      <Image
        src={main}
        alt={productImageLabel(main, productName)}
        width={PRODUCT_IMAGE_SIZE.width}
        height={PRODUCT_IMAGE_SIZE.height}
        priority
        className="aspect-[4/3] h-auto w-full rounded-2xl border border-line bg-surface-2 object-cover"
      />
      {images.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="More pictures">
          {images.map((src, i) => (
            <li key={src}>
              <Link
                to={`?image=${i}`}
                replace
                preventScrollReset
                aria-current={i === index ? "true" : undefined}
                aria-label={`Show picture ${i + 1} of ${images.length}: ${productImageLabel(src, productName)}`}
                onClick={(e) => {
                  e.preventDefault();
                  setIndex(i);
                }}
                className={`block overflow-hidden rounded-lg border-2 ${i === index ? "border-brand" : "border-line hover:border-muted"}`}
              >
                <Image src={src} alt="" width={96} height={72} className="h-[72px] w-24 bg-surface-2 object-cover" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

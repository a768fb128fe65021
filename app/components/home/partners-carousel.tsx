import { useEffect, useRef, type SyntheticEvent } from "react";
import { CarouselControls } from "./carousel-controls";
import { useCarousel } from "./use-carousel";

// Fictional demo partners (three logos, docs/product/site-shell.md#home-page); the real ones replace these files.
const PARTNERS = [
  { name: "Crestfield Estates", role: "Estate developer, Lekki", logo: "/images/partners/crestfield-estates.svg" },
  { name: "Ireti Microfinance Bank", role: "Solar financing for homes and shops", logo: "/images/partners/ireti-microfinance.svg" },
  {
    name: "Savannah State Energy Access Agency",
    role: "Off-grid power for rural clinics and schools",
    logo: "/images/partners/savannah-energy-agency.svg",
  },
];

const PARTNER_PLACEHOLDER = "/images/partners/placeholder.svg";

function showPlaceholder(img: HTMLImageElement) {
  if (!img.src.endsWith(PARTNER_PLACEHOLDER)) img.src = PARTNER_PLACEHOLDER;
}

/** A logo that swaps to the placeholder when it fails, including a failure before React hydrated. */
function PartnerLogo({ src, alt }: { src: string; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    // An error before hydration fired no React handler: a finished image with no size is a broken one.
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src")) showPlaceholder(img);
  }, []);
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={320}
      height={120}
      loading="lazy"
      decoding="async"
      onError={(e: SyntheticEvent<HTMLImageElement>) => showPlaceholder(e.currentTarget)}
      className="mx-auto h-auto w-full max-w-[320px]"
    />
  );
}

/** Partner logos, one at a time, cross-fading every 6 s; same pause rules as the product carousel. */
export function PartnersCarousel() {
  const c = useCarousel(PARTNERS.length, 6000);
  return (
    <section aria-roledescription="carousel" aria-label="Partner logos" className="mx-auto max-w-md" {...c.regionProps}>
      {/* All logos share one grid cell, so they load together when the section nears the viewport. */}
      <div className="grid touch-pan-y" aria-live={c.running ? "off" : "polite"} {...c.swipeProps}>
        {PARTNERS.map((p, i) => (
          <div
            key={p.name}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${PARTNERS.length}`}
            inert={i !== c.index}
            className={`col-start-1 row-start-1 text-center transition-opacity duration-700 motion-reduce:transition-none ${i === c.index ? "opacity-100" : "opacity-0"}`}
          >
            <div className="rounded-2xl border border-line bg-white p-3 shadow-sm">
              <PartnerLogo src={p.logo} alt={p.name} />
            </div>
            <p className="mt-3 font-semibold">{p.name}</p>
            <p className="text-sm text-muted">{p.role}</p>
          </div>
        ))}
      </div>
      <CarouselControls count={PARTNERS.length} carousel={c} />
    </section>
  );
}

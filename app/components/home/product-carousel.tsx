import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CarouselControls } from "./carousel-controls";
import { useCarousel } from "./use-carousel";

type TSlide =
  { kind: "image"; title: string; text: string; src: string; alt: string } | { kind: "video"; title: string; text: string; name: string };

// docs/product/site-shell.md#home-page: three products and three academy course previews, alternating.
const SLIDES: TSlide[] = [
  {
    kind: "image",
    title: "Solar lighting system",
    text: "Indoor, security and street lights that run all night on the sun.",
    src: "/images/home/solar-lighting.svg",
    alt: "A house at night with lit windows, a roof solar panel and a solar street lamp",
  },
  {
    kind: "video",
    title: "Solar Installation Basics",
    text: "Size, mount, wire and commission a home system.",
    name: "academy-solar-basics",
  },
  {
    kind: "image",
    title: "Detachable smart sofa",
    text: "Seats that split for small rooms, with built-in USB charging.",
    src: "/images/home/smart-sofa.svg",
    alt: "A two-part green sofa pulled apart, a phone charging from its built-in USB port",
  },
  {
    kind: "video",
    title: "Smart Furniture Assembly",
    text: "Put together and wire our space-saving pieces.",
    name: "academy-smart-furniture",
  },
  {
    kind: "image",
    title: "Energy storage battery",
    text: "Lithium storage that keeps the power on through the night.",
    src: "/images/home/energy-storage.svg",
    alt: "A wall battery at 92 percent, wired through an inverter to a solar panel",
  },
  {
    kind: "video",
    title: "Batteries and Energy Storage",
    text: "Choose, size and care for a battery bank.",
    name: "academy-energy-storage",
  },
];

/** The home page's product and academy carousel: 4 s auto-advance, videos fetched only once their slide shows. */
export function ProductCarousel() {
  const c = useCarousel(SLIDES.length, 4000);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section aria-roledescription="carousel" aria-label="Products and academy previews" className="min-w-0" {...c.regionProps}>
      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm touch-pan-y" {...c.swipeProps}>
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${c.index * 100}%)` }}
          aria-live={c.running ? "off" : "polite"}
        >
          {SLIDES.map((slide, i) => {
            const active = i === c.index;
            // The server renders slide 1 only; once hydrated the next slide's image or poster is fetched ahead.
            const near = active || (hydrated && i === (c.index + 1) % SLIDES.length);
            return (
              <div
                key={slide.title}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${SLIDES.length}`}
                inert={!active}
                className="w-full shrink-0"
              >
                <div className="relative aspect-video bg-[#0b2e1a]">
                  {slide.kind === "image" ? (
                    <img
                      src={slide.src}
                      alt={slide.alt}
                      width={960}
                      height={540}
                      loading={i === 0 || near ? "eager" : "lazy"}
                      fetchPriority={i === 0 ? "high" : undefined}
                      decoding="async"
                      className="h-full w-full object-cover"
                    />
                  ) : (
                    <SlideVideo name={slide.name} title={slide.title} active={active} near={near} reducedMotion={c.reducedMotion} />
                  )}
                </div>
                <div className="flex flex-col items-start gap-2 px-4 py-3 sm:flex-row sm:justify-between sm:gap-3 sm:px-5">
                  <div>
                    <p className="font-semibold">{slide.title}</p>
                    <p className="text-sm text-muted">{slide.text}</p>
                  </div>
                  {slide.kind === "video" && (
                    // Beside the caption rather than on the clip, so it never covers the clip's own title.
                    <Link
                      to="/academy"
                      prefetch="intent"
                      className="shrink-0 rounded-full bg-accent px-3 py-1.5 text-xs font-bold uppercase tracking-wide text-accent-contrast hover:opacity-90"
                    >
                      Academy Preview
                    </Link>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <CarouselControls count={SLIDES.length} carousel={c} />
    </section>
  );
}

/**
 * A muted, looping preview. No src at all until its slide is first shown (preload="none" alone still lets some
 * browsers fetch metadata), so the home page never downloads a clip nobody looked at; paused when hidden.
 */
function SlideVideo(props: { name: string; title: string; active: boolean; near: boolean; reducedMotion: boolean }) {
  const { name, title, active, near, reducedMotion } = props;
  const ref = useRef<HTMLVideoElement>(null);
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!active) return void video.pause();
    if (!src) return setSrc(video.canPlayType('video/webm; codecs="vp9"') ? `/videos/${name}.webm` : `/videos/${name}.mp4`);
    video.muted = true;
    // Under reduced motion the visitor starts it with the controls; autoplay refusals leave the poster up.
    if (!reducedMotion) video.play().catch(() => {});
  }, [active, src, name, reducedMotion]);
  return (
    <video
      ref={ref}
      src={src}
      poster={near || src ? `/videos/${name}-poster.webp` : undefined}
      width={640}
      height={360}
      muted
      loop
      playsInline
      preload="none"
      controls={reducedMotion}
      aria-label={`${title}: course preview (no sound)`}
      className="h-full w-full object-cover"
    />
  );
}

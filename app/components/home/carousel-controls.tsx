import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import type { useCarousel } from "./use-carousel";

const round =
  "inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-surface text-fg hover:bg-surface-2 transition-colors";

/** Previous, dots, pause/play and next for a carousel; every control is a labelled button. */
export function CarouselControls({
  count,
  carousel,
}: {
  count: number;
  carousel: Pick<ReturnType<typeof useCarousel>, "index" | "go" | "previous" | "next" | "rotating" | "toggleRotation">;
}) {
  const { index, go, previous, next, rotating, toggleRotation } = carousel;
  return (
    <div className="mt-3 flex items-center justify-center gap-2">
      <button
        type="button"
        className={round}
        onClick={toggleRotation}
        aria-label={rotating ? "Stop automatic slide show" : "Start automatic slide show"}
      >
        {rotating ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
      </button>
      <button type="button" className={round} onClick={previous} aria-label="Previous slide" data-carousel="previous">
        <ChevronLeft className="h-5 w-5" aria-hidden />
      </button>
      <div className="flex items-center">
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            className="group inline-flex h-8 w-7 items-center justify-center"
            onClick={() => go(i)}
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index ? "true" : undefined}
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${i === index ? "w-5 bg-brand" : "w-2.5 bg-muted group-hover:bg-fg"}`}
              aria-hidden
            />
          </button>
        ))}
      </div>
      <button type="button" className={round} onClick={next} aria-label="Next slide" data-carousel="next">
        <ChevronRight className="h-5 w-5" aria-hidden />
      </button>
    </div>
  );
}

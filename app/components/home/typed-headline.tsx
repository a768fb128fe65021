import { useEffect, useMemo, useState } from "react";
import { commonPrefixLength, headlinePhrases } from "./headline-phrases";
import { usePageVisible, usePrefersReducedMotion } from "./use-carousel";

// docs/product/site-shell.md#home-page: 100 ms a character, 2 s pause on a complete phrase, cursor blinks every 530 ms.
const TYPE_MS = 100;
const DELETE_MS = 50;
const PAUSE_MS = 2000;
const BLINK_MS = 530;

/**
 * The hero's h1. Screen readers and search engines get the title once, as stable text; the typing is an
 * aria-hidden layer drawn from data attributes (CSS generated content), so the h1's text is never duplicated.
 * Every phrase sits invisibly in the same grid cell, reserving the tallest and widest line-wrapped size: no
 * layout shift. The server renders the whole first phrase; under reduced motion it stays that way.
 */
export function TypedHeadline({ title, className }: { title: string; className?: string }) {
  const phrases = useMemo(() => headlinePhrases(title), [title]);
  const reducedMotion = usePrefersReducedMotion();
  const visible = usePageVisible();
  const [state, setState] = useState({ phrase: 0, length: phrases[0]!.length, deleting: false });
  const [cursorOn, setCursorOn] = useState(true);
  const animate = !reducedMotion && visible && phrases.length > 1;

  useEffect(() => setState({ phrase: 0, length: phrases[0]!.length, deleting: false }), [phrases]);

  useEffect(() => {
    if (!animate) return;
    const current = phrases[state.phrase]!;
    const nextIndex = (state.phrase + 1) % phrases.length;
    let delay: number;
    let after: typeof state;
    if (!state.deleting && state.length < current.length) {
      [delay, after] = [TYPE_MS, { ...state, length: state.length + 1 }];
    } else if (!state.deleting) {
      [delay, after] = [PAUSE_MS, { ...state, deleting: true }];
    } else if (state.length > commonPrefixLength(current, phrases[nextIndex]!)) {
      [delay, after] = [DELETE_MS, { ...state, length: state.length - 1 }];
    } else {
      [delay, after] = [TYPE_MS, { phrase: nextIndex, length: state.length + 1, deleting: false }];
    }
    const id = window.setTimeout(() => setState(after), delay);
    return () => window.clearTimeout(id);
  }, [animate, state, phrases]);

  useEffect(() => {
    if (!animate) return void setCursorOn(true);
    const id = window.setInterval(() => setCursorOn((on) => !on), BLINK_MS);
    return () => window.clearInterval(id);
  }, [animate]);

  const typed = phrases[state.phrase]!.slice(0, state.length);
  return (
    <h1 className={className}>
      <span className="sr-only">{phrases[0]}</span>
      <span aria-hidden="true" className="grid">
        {phrases.map((p) => (
          <span key={p} data-text={p} className="invisible col-start-1 row-start-1 pe-[0.2em] before:content-[attr(data-text)]" />
        ))}
        <span
          data-testid="typed-headline"
          data-text={typed}
          className="col-start-1 row-start-1 whitespace-pre-wrap before:content-[attr(data-text)]"
        >
          <span
            className={`ms-[0.05em] inline-block h-[0.9em] w-[0.08em] translate-y-[0.1em] bg-accent ${cursorOn ? "opacity-100" : "opacity-0"} motion-reduce:hidden`}
          />
        </span>
      </span>
    </h1>
  );
}

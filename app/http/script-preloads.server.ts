import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

// Script preloads ask for low priority (docs/product/site-shell.md#loading-order): on a slow connection the stylesheet,
// the page's main image and its text arrive first, and the scripts after them. React Router writes its
// <link rel="modulepreload"> tags without a priority and has no setting for one, so the head is rewritten on its way out.

const PRELOAD = '<link rel="modulepreload"';
const HEAD_END = "</head>";
// A head is about 5 KB; past this, whatever was sent is passed on unchanged rather than held.
const MAX_HEAD_CHARS = 64 * 1024;

/** The head's script preloads, asking for low priority. */
function lowerScriptPreloads(head: string): string {
  return head.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`);
}

/**
 * Passes a page's HTML through, holding it only until the end of its head to rewrite the script preloads there
 * (a tag may be split between two chunks); everything after the head goes through untouched.
 */
export function lowPriorityScriptPreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head: string | null = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === null) return done(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end >= 0) {
        const whole = lowerScriptPreloads(head.slice(0, end)) + head.slice(end);
        head = null;
        return done(null, whole);
      }
      if (head.length > MAX_HEAD_CHARS) {
        const sent = head;
        head = null;
        return done(null, sent);
      }
      done();
    },
    flush(done) {
      const rest = head === null ? decoder.end() : head + decoder.end();
      done(null, rest || undefined);
    },
  });
}

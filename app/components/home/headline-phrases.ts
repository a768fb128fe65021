// The phrases the home headline types, derived from the heroTitle setting (docs/product/site-shell.md#home-page).
//
// Rule: the title's last word (without its trailing punctuation) is the noun that changes; everything before it
// is the stem. The title itself is always the first phrase, then stem + "home", "business", "institution" for
// the nouns the title does not already end with, each closed with the title's trailing punctuation. A stem that
// ends in the article "a"/"an" gets the right one for each noun ("What makes an institution?").
//   "What makes a home?"       -> home?, business?, institution?
//   "What makes a great home?" -> "What makes a great home?", "... great business?", "... great institution?"
//   "Welcome"  (one word)      -> just "Welcome": nothing cycles.
const NOUNS = ["home", "business", "institution"] as const;

export function headlinePhrases(heroTitle: string): string[] {
  const title = heroTitle.trim().replace(/\s+/g, " ");
  const parts = /^(.*\S)\s+([^\s?!.…]+)([?!.…]*)$/u.exec(title);
  if (!parts) return [title];
  const [, stem, lastWord, punctuation] = parts as unknown as [string, string, string, string];
  const phrases = [title];
  for (const noun of NOUNS) {
    if (noun === lastWord.toLowerCase()) continue;
    phrases.push(`${articleFor(stem, noun)} ${noun}${punctuation}`);
  }
  return phrases;
}

function articleFor(stem: string, noun: string): string {
  const m = /^(.*\s)?(an?)$/iu.exec(stem);
  if (!m) return stem;
  const article = /^[aeiou]/i.test(noun) ? "an" : "a";
  return (m[1] ?? "") + (m[2]![0] === "A" ? article[0]!.toUpperCase() + article.slice(1) : article);
}

/** Length of the common start of two phrases: the typist deletes back to it, then types the rest of the next. */
export function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

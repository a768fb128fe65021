/** A LIKE/ILIKE pattern for "contains what was typed": `%` and `_` in the search box are literal characters. */
export const containsTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

import { refuse, type TFailure, type TResult } from "@domain/errors/app-error";

// A page with several forms names each form's job in a hidden `intent` field. Its action checks who is
// asking (the route table's guard), then hands the form to the intent it names, written in an action module
// beside the page (docs/decisions/0046-pages-from-shared-pieces.md); the page module keeps the loader, the
// guard and the markup.

/** One intent of a page: what the form's fields do, given what the page's action knows (who asks, the params). */
export type TPageIntent<C, R = TResult<object>> = (fields: Record<string, string>, context: C) => Promise<R>;

/** A page's intents by the name its forms send. */
export type TPageIntents<C, R = TResult<object>> = Readonly<Record<string, TPageIntent<C, R>>>;

/** The intent the form names, or undefined for a name the page does not have. */
export function intentOf<C, R>(intents: TPageIntents<C, R>, fields: Record<string, string>): TPageIntent<C, R> | undefined {
  const name = fields.intent ?? "";
  return Object.hasOwn(intents, name) ? intents[name] : undefined;
}

/** Runs the intent the form names; a name the page does not have is refused, as a form no page sends. */
export function runPageIntent<C, T extends object = object>(
  intents: TPageIntents<C, TResult<T>>,
  fields: Record<string, string>,
  context: C,
): Promise<TResult<T>> {
  const run = intentOf(intents, fields);
  return run ? run(fields, context) : Promise.resolve(refuse("invalid_input", "Unknown action"));
}

/**
 * Runs the intent the form names, for intents that answer with the page's own response (a toast, a redirect); a name
 * the page does not have is refused with "Unknown action", answered as the page answers a refusal.
 */
export function answerPageIntent<C, R>(
  intents: TPageIntents<C, R>,
  fields: Record<string, string>,
  context: C,
  answerRefusal: (refusal: TFailure) => Promise<R>,
): Promise<R> {
  const run = intentOf(intents, fields);
  return run ? run(fields, context) : answerRefusal(refuse("invalid_input", "Unknown action"));
}

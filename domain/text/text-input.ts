import { z } from "zod";
import { SLUG_PATTERN } from "./slug";

// The free text the forms take (docs/product/validation-and-messages.md), for the *-input.ts schemas: required or
// optional, always trimmed, and refused in the form's own words.

/** Text that must be given, `min` to `max` characters: `empty` when it is missing or too short, `long` when too long. */
export const requiredText = (min: number, max: number, empty: string, long: string) =>
  z.string({ error: empty }).trim().min(min, empty).max(max, long);

/** Text that must be given, named by `label` in its messages ("Enter the address", "The address must be at most 200 characters"). */
export const namedText = (label: string, max: number) =>
  requiredText(1, max, `Enter the ${label}`, `The ${label} must be at most ${max} characters`);

/** Text that may be left out, at most `max` characters (`long` when longer): null when it is empty. */
export const textOrNull = (max: number, long: string) =>
  z
    .string()
    .trim()
    .max(max, long)
    .optional()
    .transform((v) => (v ? v : null));

/** A slug typed by staff (SLUG_PATTERN, at most 80 characters); `example` is the one its message shows ("solar-basics"). */
export const slugText = (example: string) =>
  requiredText(1, 80, "Enter a slug", "The slug must be at most 80 characters").regex(
    SLUG_PATTERN,
    `The slug may use lowercase letters, digits and single hyphens only, like ${example}`,
  );

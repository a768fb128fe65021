// The brand in e-mail: colours as fixed hex values (mail clients ignore CSS variables and dark-mode tokens)
// and a system font stack (web fonts are blocked by most clients).

export const GREEN = "#15803d";
export const GREEN_DARK = "#116a32";
/** orange-700: white text on it reaches 5.2:1, the lighter brand orange only 3.6:1. */
export const ORANGE = "#c2410c";
export const INK = "#1f2937";
export const MUTED = "#4b5563";
export const LINE = "#e5e7eb";
export const PAGE = "#f3f4f6";
export const FOOTER = "#111827";
export const FONT = "Arial, Helvetica, sans-serif";

/** The one width every template is laid out for: it fits every desktop client and scales down on phones. */
export const EMAIL_WIDTH = 600;

export const TAGLINE = "Powering Nigeria's Future";

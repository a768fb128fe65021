// Shared class names for the primitives: one look for every button, input and card.
export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-60 disabled:cursor-not-allowed transition-colors min-h-11",
  accent:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-accent px-4 py-2.5 text-sm font-semibold text-accent-contrast hover:opacity-90 disabled:opacity-60 transition-opacity min-h-11",
  outline:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-line bg-surface px-4 py-2.5 text-sm font-semibold text-fg hover:bg-surface-2 disabled:opacity-60 transition-colors min-h-11",
  ghost:
    "inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-fg hover:bg-surface-2 transition-colors min-h-11",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-danger px-4 py-2.5 text-sm font-semibold text-danger-contrast hover:opacity-90 disabled:opacity-60 min-h-11",
};

export const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg placeholder:text-muted focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 aria-[invalid=true]:border-danger";

export const cardClass = "rounded-2xl border border-line bg-surface p-5 sm:p-6 shadow-sm";

/** The Zavolah mark: a sun over a roof line, in the brand's green and orange. */
export function Logo({ className = "h-8 w-auto" }: { className?: string }) {
  return (
    <svg viewBox="0 0 160 40" className={className} role="img" aria-label="Zavolah">
      <circle cx="20" cy="14" r="7" fill="var(--accent)" />
      <path d="M4 34 L20 20 L36 34" fill="none" stroke="var(--brand)" strokeWidth="4" strokeLinejoin="round" strokeLinecap="round" />
      <text x="44" y="28" fontFamily="system-ui, sans-serif" fontSize="22" fontWeight="700" fill="currentColor">
        Zavolah
      </text>
    </svg>
  );
}

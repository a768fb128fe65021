import { Moon, Sun } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import { useRootData } from "~/root";

/** Posts the new theme to /theme (works without JavaScript) and flips the class at once. */
export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const root = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const current = (pending as string | undefined) ?? root?.theme ?? "dark";
  const next = current === "dark" ? "light" : "dark";
  const label = next === "light" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <fetcher.Form method="post" action="/theme" onSubmit={() => document.documentElement.classList.toggle("dark", next === "dark")}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2 text-fg hover:bg-surface-2"
        aria-label={label}
        title={label}
      >
        {next === "light" ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
        {withLabel ? <span className="text-sm">{next === "light" ? "Light theme" : "Dark theme"}</span> : null}
      </button>
    </fetcher.Form>
  );
}

import { useEffect } from "react";
import { useLocation } from "react-router";

const OFFSET = 80;

/**
 * docs/product/site-shell.md#navigation: with a hash, scroll to that element 80 px below the top after 100 ms (the header's height).
 * Without one, React Router's ScrollRestoration already scrolls new pages to the top and restores old ones.
 */
export function HashScroll() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const timer = setTimeout(() => {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - OFFSET, behavior: "smooth" });
    }, 100);
    return () => clearTimeout(timer);
  }, [hash, key]);
  return null;
}

import { Search } from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import { useRootData } from "~/root";
import { BellSlot } from "./notifications/bell-slot";
import { ThemeToggle } from "./theme-toggle";
import { Logo } from "./ui/logo";

const NAV = [
  { to: "/", label: "Home" },
  { to: "/store", label: "Store" },
  { to: "/academy", label: "Academy" },
  { to: "/services", label: "Services" },
];

export function SiteHeader() {
  const root = useRootData();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/90 backdrop-blur supports-[backdrop-filter]:bg-bg/75">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 px-4 py-2 sm:h-16 sm:flex-nowrap sm:py-0">
        <Link to="/" prefetch="intent" className="shrink-0 text-fg" aria-label="Zavolah home">
          <Logo className="h-8 w-auto" />
        </Link>
        <nav aria-label="Main" className="order-last w-full sm:order-none sm:ml-2 sm:w-auto">
          <ul className="grid grid-cols-4 sm:flex sm:items-center sm:gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `block rounded-lg px-2 py-2 text-center text-sm font-medium sm:px-3 ${isActive ? "text-brand" : "text-fg hover:bg-surface-2"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {root?.site.showSearch ? (
            <Form method="get" action="/store" role="search" className="hidden md:block">
              <label htmlFor="site-search" className="sr-only">
                Search products
              </label>
              <div className="relative">
                <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
                <input
                  id="site-search"
                  name="q"
                  type="search"
                  placeholder="Search solar, furniture..."
                  className="w-56 rounded-lg border border-line bg-surface py-2 pl-8 pr-3 text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none"
                />
              </div>
            </Form>
          ) : null}
          {root?.viewer ? <BellSlot /> : null}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}

import { Link } from "react-router";
import { buttonClass } from "./ui/styles";

export function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Page Not Found | Zavolah</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-extrabold text-brand">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass.primary}>
          Go Home
        </Link>
        <button type="button" className={buttonClass.outline} onClick={() => window.history.back()}>
          Go Back
        </button>
      </div>
    </section>
  );
}

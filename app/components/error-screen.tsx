import { buttonClass, cardClass } from "./ui/styles";

/** "Application Error" with reload and clear-and-reload (SPEC 2). */
export function ErrorScreen({ title, message }: { title: string; message?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <div className={cardClass}>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-3 text-muted">{message ?? "Something went wrong."}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href="" className={buttonClass.primary} onClick={(e) => (e.preventDefault(), window.location.reload())}>
            Reload page
          </a>
          <a
            href="/"
            className={buttonClass.outline}
            onClick={(e) => {
              e.preventDefault();
              try {
                sessionStorage.clear();
              } catch {}
              window.location.assign("/");
            }}
          >
            Clear error and reload
          </a>
        </div>
      </div>
    </section>
  );
}

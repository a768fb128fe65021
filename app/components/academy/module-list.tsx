import type { ReactNode } from "react";

/** A course's modules and their lessons, numbered, as the course page and the student's course home list them. */
export function ModuleList<L extends { id: number }>({
  modules,
  lesson,
}: {
  modules: { id: number; title: string; lessons: L[] }[];
  lesson: (l: L) => ReactNode;
}) {
  return (
    <ol className="mt-3 space-y-4">
      {modules.map((m, i) => (
        <li key={m.id} className="rounded-2xl border border-line bg-surface">
          <h3 className="border-b border-line px-4 py-3 font-semibold">
            Module {i + 1}: {m.title}
          </h3>
          <ol className="divide-y divide-line">
            {m.lessons.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                {lesson(l)}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

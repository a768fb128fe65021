import type { TStudentView } from "~/components/academy-staff/course-view";

// Who enrolled on the course and how far each has got.

export function CourseStudents({ students }: { students: TStudentView[] }) {
  return (
    <>
      {students.length === 0 ? <p className="text-sm text-muted">Nobody has enrolled yet.</p> : null}
      <ul className="divide-y divide-line" aria-label="Enrolments">
        {students.map((s) => (
          <li key={s.id} className="grid gap-1 py-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-center">
            <div className="min-w-0">
              <p className="font-medium break-words">{s.name}</p>
              <p className="truncate text-xs text-muted">{s.email}</p>
            </div>
            <div className="flex items-center gap-2">
              <progress value={s.progressPct} max={100} className="h-2 w-full accent-[var(--brand)]" aria-label={`Progress of ${s.name}`} />
              <span className="w-10 text-right text-sm tabular-nums">{s.progressPct}%</span>
            </div>
            <span className="text-sm capitalize">{s.status}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

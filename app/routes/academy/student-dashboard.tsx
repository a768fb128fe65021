import { Award, type BookOpen, CalendarDays, ClipboardList, History } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/student-dashboard";
import { ProgressBar } from "~/components/academy/progress-bar";
import { Image } from "~/components/ui/image";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { SUBMISSION_STATUS_LABELS } from "@domain/academy/academy";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { requireUser } from "~/http/access.server";
import { metaFor } from "~/lib/meta";
import { getStudentDashboard } from "@server/academy/get-student-dashboard";
import { publicUrl } from "@server/env";
import { CertificateActions } from "~/components/academy/certificate-actions";
import { PageHeader } from "~/components/ui/page-header";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  return { name: viewer.name, verifyBase: `${publicUrl()}/verify/`, ...(await getStudentDashboard(viewer.id)) };
}

export const meta: Route.MetaFunction = (args) => metaFor("/student/dashboard", args);

function Section({ id, title, icon: Icon, children }: { id: string; title: string; icon: typeof BookOpen; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="inline-flex items-center gap-2 text-lg font-bold">
        <Icon className="h-5 w-5 text-accent" aria-hidden /> {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export default function StudentDashboard({ loaderData }: Route.ComponentProps) {
  const { name, courses, deadlines, assignments, certificates, activity } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <header>
        <PageHeader
          eyebrow="Zavolah Academy"
          title={<>Welcome back, {name.split(" ")[0]}</>}
          titleClassName="mt-1 text-2xl font-bold sm:text-3xl"
        />
      </header>

      {courses.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-line bg-surface p-8 text-center">
          <h2 className="text-xl font-semibold">You have not enrolled in a course yet</h2>
          <p className="mt-2 text-muted">
            Start with our free course, Solar for Homeowners, or browse practical courses for installers and carpenters.
          </p>
          <Link to="/academy" className={`${buttonClass.primary} mt-5`}>
            Browse courses
          </Link>
        </div>
      ) : (
        <section aria-labelledby="my-courses" className="mt-6">
          <h2 id="my-courses" className="sr-only">
            My courses
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {courses.map((c) => (
              <li key={c.slug} className="flex gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm">
                {c.imagePath ? (
                  <Image
                    src={c.imagePath}
                    alt=""
                    width={112}
                    height={63}
                    className="hidden h-16 w-28 shrink-0 rounded-lg object-cover min-[420px]:block"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">
                    <Link to={`/academy/${c.slug}/learn`} className="hover:underline">
                      {c.title}
                    </Link>
                  </h3>
                  <p className="text-sm text-muted">
                    {c.status === "completed" ? "Completed" : `${c.completedLessons} of ${c.lessons} lessons`} · starts{" "}
                    {formatLagosDate(c.startsAt)}
                  </p>
                  <div className="mt-2 flex items-center gap-2">
                    <div className="flex-1">
                      <ProgressBar pct={c.progressPct} label={`${c.title} progress`} />
                    </div>
                    <span className="text-sm font-semibold">{c.progressPct}%</span>
                  </div>
                  {c.status === "active" ? (
                    <Link to={c.continueHref} className="mt-3 inline-block text-sm font-semibold text-accent underline">
                      Continue{c.nextLessonTitle ? `: ${c.nextLessonTitle}` : ""}
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Section id="deadlines" title="Upcoming deadlines and live sessions" icon={CalendarDays}>
          {deadlines.length === 0 ? (
            <p className="text-muted">Nothing due soon.</p>
          ) : (
            <ul className="space-y-3">
              {deadlines.map((d) => (
                <li key={`${d.kind}-${d.href}-${d.title}`}>
                  <Link to={d.href} className="font-semibold hover:underline">
                    {d.title}
                  </Link>
                  <p className="text-sm text-muted">
                    {d.kind === "assignment" ? `Due ${formatLagosDateTime(d.at)}` : `Live: ${formatLagosDateTime(d.at)}`} · {d.courseTitle}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="assignments" title="Assignments" icon={ClipboardList}>
          {assignments.length === 0 ? (
            <p className="text-muted">Your courses' assignments will show here, soonest due first.</p>
          ) : (
            <ul className="divide-y divide-line">
              {assignments.map((a) => (
                <li key={`${a.courseSlug}-${a.id}`} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <Link to={`/academy/${a.courseSlug}/assignments/${a.id}`} className="font-semibold hover:underline">
                      {a.title}
                    </Link>
                    <span className="block text-sm text-muted">{a.courseTitle}</span>
                  </span>
                  <span className="text-right text-sm">
                    <span className="block">Due {formatLagosDate(a.dueAt)}</span>
                    <span className="block text-muted">
                      {SUBMISSION_STATUS_LABELS[a.status]}
                      {a.score !== null ? ` · ${a.score}/${a.maxScore}` : ""}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="certificates" title="Certificates" icon={Award}>
          {certificates.length === 0 ? (
            <p className="text-muted">Finish every lesson, quiz and assignment of a course to earn its certificate.</p>
          ) : (
            <ul className="space-y-3">
              {certificates.map((c) => (
                <li key={c.code}>
                  <p className="font-semibold">{c.courseTitle}</p>
                  <p className="text-sm text-muted">
                    {c.revokedAt ? "Revoked" : `${c.grade} · ${c.scorePct}%`} · issued {formatLagosDate(c.issuedAt)} · code {c.code}
                  </p>
                  {!c.revokedAt ? (
                    <div className="mt-2">
                      <CertificateActions code={c.code} courseTitle={c.courseTitle} verifyUrl={`${loaderData.verifyBase}${c.code}`} />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="activity" title="Recent activity" icon={History}>
          {activity.length === 0 ? (
            <p className="text-muted">Your enrolments, lessons and grades will show here.</p>
          ) : (
            <ul className="space-y-2">
              {activity.map((a) => (
                <li key={a.id} className="text-sm">
                  <span className="font-medium">{a.title}</span>
                  {a.description ? <span className="text-muted"> · {a.description}</span> : null}
                  <span className="block text-muted">{formatLagosDateTime(a.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}

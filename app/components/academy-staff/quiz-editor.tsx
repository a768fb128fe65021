import { ActionForm, SubmitButton } from "~/components/ui/action-form";
import type { TLessonView } from "~/components/academy-staff/course-view";
import { AcademyItemEditor, AddItemForm } from "~/components/academy-staff/item-editor";
import { QuestionFields } from "~/components/academy-staff/item-fields";
import { WholeNumberField } from "~/components/ui/field";

// A lesson's quiz, in its edit panel: its pass mark and attempts, and its questions.

export function QuizEditor({ lesson: l }: { lesson: TLessonView }) {
  const quiz = l.quiz;
  return (
    <div className="space-y-3">
      <h4 className="font-semibold">Quiz</h4>
      <ActionForm
        intent="quiz-settings"
        hidden={{ lessonId: l.id }}
        label={`Quiz settings for ${l.title}`}
        className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        {({ fieldError, busy }) => (
          <>
            <WholeNumberField
              label="Quiz pass mark (%)"
              name="passMarkPct"
              defaultValue={String(quiz?.passMarkPct ?? 70)}
              error={fieldError("passMarkPct")}
            />
            <WholeNumberField
              label="Attempts"
              name="maxAttempts"
              defaultValue={quiz?.maxAttempts ? String(quiz.maxAttempts) : ""}
              error={fieldError("maxAttempts")}
              hint="Empty: no limit."
            />
            <SubmitButton busy={busy} tone="outline">
              {quiz ? "Save quiz" : "Make a quiz"}
            </SubmitButton>
          </>
        )}
      </ActionForm>
      {quiz && quiz.questions.length > 0 ? (
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          {quiz.questions.map((q) => (
            <AcademyItemEditor
              key={q.id}
              shown={
                <>
                  <p className="break-words">{q.prompt}</p>
                  <ul className="text-xs text-muted">
                    {q.options.map((o, i) => (
                      <li key={i} className={i === q.correctOption ? "font-semibold text-brand" : undefined}>
                        {i + 1}. {o}
                        {i === q.correctOption ? " (correct)" : ""}
                      </li>
                    ))}
                  </ul>
                </>
              }
              remove={{
                intent: "question-delete",
                hidden: { questionId: q.id },
                label: `Delete question ${q.prompt}`,
                confirm: "Delete this question?",
                text: "Delete question",
              }}
              edit={{
                summary: "Edit question",
                intent: "question-edit",
                hidden: { questionId: q.id },
                label: `Edit question ${q.prompt}`,
                className: "mt-2 space-y-2",
                fields: (fieldError) => <QuestionFields fieldError={fieldError} values={q} />,
                submit: "Save question",
                tone: "outline",
              }}
            />
          ))}
        </ol>
      ) : null}
      <AddItemForm
        summary="Add a question"
        intent="question-add"
        hidden={{ lessonId: l.id }}
        label={`New question for ${l.title}`}
        className="mt-2 space-y-2"
        fields={(fieldError) => <QuestionFields fieldError={fieldError} />}
        submit="Add question"
        tone="outline"
      />
    </div>
  );
}

import { ActionButton, ActionForm, SubmitButton } from "~/components/ui/action-form";
import type { TLessonView } from "~/components/academy-staff/course-view";
import { Field } from "~/components/ui/field";

// A lesson's video and files, in its edit panel: uploaded as multipart forms, removed one at a time.

/** The lesson's video: the stored one with Remove, and a form to upload one. */
export function LessonVideo({ lesson: l }: { lesson: TLessonView }) {
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Video</h4>
      {l.videoPath ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-mono break-all text-muted">{l.videoPath}</span>
          <ActionButton
            intent="video-remove"
            hidden={{ lessonId: l.id }}
            label={`Remove the video of ${l.title}`}
            tone="ghost"
            confirm="Remove this video?"
          >
            Remove
          </ActionButton>
        </p>
      ) : (
        <p className="text-sm text-muted">No video: the lesson is text only.</p>
      )}
      <ActionForm
        intent="video-upload"
        hidden={{ lessonId: l.id }}
        label={`Upload a video for ${l.title}`}
        upload
        className="flex flex-wrap items-end gap-2"
      >
        {({ fieldError, busy }) => (
          <>
            <Field
              label="MP4 or WebM, up to 200 MB"
              name="video"
              type="file"
              accept="video/mp4,video/webm"
              error={fieldError("video")}
              className="min-w-0 flex-1"
            />
            <SubmitButton busy={busy} tone="outline">
              {busy ? "Uploading…" : "Upload video"}
            </SubmitButton>
          </>
        )}
      </ActionForm>
    </div>
  );
}

/** The lesson's files, each with Remove, and a form to add one. */
export function LessonFiles({ lesson: l }: { lesson: TLessonView }) {
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Files</h4>
      <ul className="space-y-1">
        {l.resources.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="break-words">{r.title}</span>
            <span className="text-xs text-muted">
              {r.contentType.split("/").pop()} · {Math.max(1, Math.round(r.bytes / 1024)).toLocaleString("en-NG")} KB
            </span>
            <ActionButton
              intent="resource-delete"
              hidden={{ resourceId: r.id }}
              label={`Remove file ${r.title}`}
              tone="ghost"
              confirm="Remove this file?"
            >
              Remove
            </ActionButton>
          </li>
        ))}
      </ul>
      <ActionForm
        intent="resource-add"
        hidden={{ lessonId: l.id }}
        label={`Add a file to ${l.title}`}
        upload
        className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        {({ fieldError, busy }) => (
          <>
            <Field label="File title" name="title" maxLength={160} error={fieldError("title")} placeholder="Load calculation sheet" />
            <Field label="PDF, PNG, JPEG, ZIP, DOCX or XLSX" name="file" type="file" error={fieldError("file")} />
            <SubmitButton busy={busy} tone="outline">
              Add file
            </SubmitButton>
          </>
        )}
      </ActionForm>
    </div>
  );
}

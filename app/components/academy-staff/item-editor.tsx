import type { ReactNode } from "react";
import { ActionButton, ItemForm, type TItemForm } from "~/components/ui/action-form";

// The one editor of the course page's items (docs/decisions/0046-pages-from-shared-pieces.md): a module, a lesson, a
// quiz question, an assignment, an intake or a live session is shown with its buttons (move, delete) and an edit form
// toggled open under a summary line; only the item's fields, its intents and its labels differ.

export type { TFieldError as TFieldErrorOf } from "~/components/ui/action-form";

/** What sits closed under a summary line until opened: an item's edit form, a form that adds one. */
export function Toggle({ summary, className, children }: { summary: ReactNode; className?: string; children: ReactNode }) {
  return (
    <details className={className}>
      <summary className="cursor-pointer text-sm font-semibold text-brand">{summary}</summary>
      {children}
    </details>
  );
}

/** A form that adds an item, closed under its summary line until opened. */
export function AddItemForm({ summary, toggleClassName, ...form }: TItemForm & { summary: ReactNode; toggleClassName?: string }) {
  return (
    <Toggle summary={summary} className={toggleClassName}>
      <ItemForm {...form} />
    </Toggle>
  );
}

/** The item's delete button; the confirmation says what goes with it. */
export type TItemDelete = { intent: string; hidden: Record<string, string | number>; label: string; confirm: string; text?: ReactNode };

export function AcademyItemEditor({
  className,
  testId,
  lineClassName,
  shown,
  tools,
  remove,
  edit,
  children,
}: {
  className?: string;
  testId?: string;
  /** The class of the line holding the item and its buttons; without one they sit straight in the item. */
  lineClassName?: string;
  /** The item as shown; none when its edit form stands in its place (a module's title). */
  shown?: ReactNode;
  /** Buttons before Delete (move up and down), grouped with it. */
  tools?: ReactNode;
  /** None when the item may not be deleted now (an intake with students, a module with lessons). */
  remove?: TItemDelete | null;
  /** The edit form: toggled open under its summary, or, without one, in the item's place. */
  edit: TItemForm & { summary?: ReactNode; toggleClassName?: string; beside?: ReactNode };
  /** What follows the item: a module's lessons, an intake's live sessions. */
  children?: ReactNode;
}) {
  const { summary, toggleClassName, beside, ...form } = edit;
  const deleteButton = remove ? (
    <ActionButton intent={remove.intent} hidden={remove.hidden} label={remove.label} tone="ghost" confirm={remove.confirm}>
      {remove.text ?? "Delete"}
    </ActionButton>
  ) : null;
  const line = (
    <>
      {summary === undefined ? <ItemForm {...form} /> : shown}
      {tools ? (
        <div className="flex flex-wrap gap-1">
          {tools}
          {deleteButton}
        </div>
      ) : (
        deleteButton
      )}
    </>
  );
  return (
    <li className={className} data-testid={testId}>
      {lineClassName ? <div className={lineClassName}>{line}</div> : line}
      {summary === undefined ? null : (
        <Toggle summary={summary} className={toggleClassName}>
          {beside ? (
            // A lesson's edit panel holds its video, files and quiz besides the form.
            <div className="mt-3 space-y-5">
              <ItemForm {...form} />
              {beside}
            </div>
          ) : (
            <ItemForm {...form} />
          )}
        </Toggle>
      )}
      {children}
    </li>
  );
}

/** The up and down buttons of an item in an ordered list (a module, a lesson): none past either end. */
export function MoveButtons({
  intent,
  id,
  name,
  first,
  last,
}: {
  intent: string;
  id: number;
  name: string;
  first: boolean;
  last: boolean;
}) {
  return (
    <>
      {!first ? (
        <ActionButton intent={intent} hidden={{ id, direction: "up" }} label={`Move ${name} up`} tone="ghost">
          ↑
        </ActionButton>
      ) : null}
      {!last ? (
        <ActionButton intent={intent} hidden={{ id, direction: "down" }} label={`Move ${name} down`} tone="ghost">
          ↓
        </ActionButton>
      ) : null}
    </>
  );
}

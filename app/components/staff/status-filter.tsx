import type { ReactNode } from "react";
import { Form } from "react-router";
import { SelectField } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";

/** Which rows a staff queue shows, by status: a GET form of one select, and anything the queue puts beside it. */
export function StatusFilter({
  status,
  options,
  children,
}: {
  status: string;
  options: readonly (readonly [value: string, label: string])[];
  /** Beside the button: a link to a neighbouring queue. */
  children?: ReactNode;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <SelectField id="status" label="Show" name="status" defaultValue={status} options={options} />
      <button type="submit" className={buttonClass.primary}>
        Show
      </button>
      {children}
    </Form>
  );
}

const APPLICATION_FILTERS = [
  ["pending", "Awaiting review"],
  ["needs_info", "More information asked"],
  ["approved", "Approved"],
  ["rejected", "Not approved"],
  ["all", "All"],
] as const;

/** Which applications (to sell, to invest) a staff list shows, by status. */
export function ApplicationStatusFilter({ status }: { status: string }) {
  return <StatusFilter status={status} options={APPLICATION_FILTERS} />;
}

import { Form } from "react-router";
import { ErrorText, Field, WholeNumberField } from "~/components/ui/field";
import { buttonClass, cardClass, inputClass } from "~/components/ui/styles";
import { SETTING_GROUPS, SETTINGS, settingsInGroup, type TSettingGroup, type TSettingKey, type TSettings } from "@domain/settings/settings";

// One group of the admin settings as a form (docs/product/settings.md): /admin/settings shows every group, and a
// programme's own admin page (/admin/referrals) shows its group. The action sends it to saveSettingsGroup.

/** One group's form: its settings' inputs with the refused values' messages, and its save button. */
export function SettingsGroupForm({
  group,
  settings,
  errors,
  busy,
  title = SETTING_GROUPS[group],
}: {
  group: TSettingGroup;
  settings: TSettings;
  errors?: Record<string, string>;
  busy: boolean;
  title?: string;
}) {
  return (
    <section id={`settings-${group}`} className={cardClass} aria-labelledby={`group-${group}`}>
      <h2 id={`group-${group}`} className="text-xl font-semibold">
        {title}
      </h2>
      <Form method="post" className="mt-4 space-y-3" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="group" value={group} />
        <div className={group === "features" ? "grid gap-2 sm:grid-cols-2" : "grid gap-4 sm:grid-cols-2"}>
          {settingsInGroup(group).map((key) => (
            <div key={key} className={SETTINGS[key].kind === "textarea" ? "sm:col-span-2" : undefined}>
              <SettingInput name={key} value={settings[key]} error={errors?.[key]} />
            </div>
          ))}
        </div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          Save {SETTING_GROUPS[group].toLowerCase()}
        </button>
      </Form>
    </section>
  );
}

function SettingInput({ name, value, error }: { name: TSettingKey; value: unknown; error?: string }) {
  const def = SETTINGS[name];
  if (def.kind === "boolean") {
    return (
      <label className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-line px-3 py-2">
        <span className="text-sm font-medium">{def.label}</span>
        <input type="checkbox" name={name} defaultChecked={value === true} className="h-5 w-5 accent-[var(--brand)]" />
      </label>
    );
  }
  if (def.kind === "textarea") {
    return (
      <div>
        <label htmlFor={name} className="mb-1 block text-sm font-medium">
          {def.label}
        </label>
        <textarea
          id={name}
          name={name}
          defaultValue={String(value)}
          rows={3}
          className={inputClass}
          aria-invalid={error ? true : undefined}
        />
        <ErrorText message={error} className="mt-1 text-sm text-danger" />
      </div>
    );
  }
  if (def.kind === "kobo") {
    return (
      <Field
        label={`${def.label} (₦)`}
        name={name}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        defaultValue={(Number(value) / 100).toFixed(2)}
        error={error}
      />
    );
  }
  if (def.kind === "basisPoints") {
    return (
      <Field
        label={def.label}
        name={name}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        defaultValue={String(Number(value) / 100)}
        error={error}
      />
    );
  }
  if (def.kind === "text") return <Field label={def.label} name={name} defaultValue={String(value)} error={error} />;
  return <WholeNumberField label={def.label} name={name} step={1} defaultValue={String(value)} error={error} />;
}

/** The message after a group is saved. */
export function savedSettingsFlash({ group, changed }: { group: TSettingGroup; changed: TSettingKey[] }) {
  const what = changed.length ? `${changed.length} setting${changed.length === 1 ? "" : "s"} changed.` : "Nothing changed.";
  return { type: "success" as const, title: `${SETTING_GROUPS[group]} saved`, description: what };
}

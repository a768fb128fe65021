import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/styles";
import { PREFERENCE_CARDS, type TPreferenceKey, type TPreferenceValues } from "@domain/notifications/notifications";
import { toast } from "~/lib/toast";
import { notificationApi } from "./api";

/**
 * "Notification Preferences" (docs/product/notifications-and-reminders.md): three cards, eight switches, each saved on the server as
 * it is toggled. A native modal <dialog>: focus stays inside, Escape closes, focus returns to the opener.
 * Loaded on demand from the bell and from /account.
 */
export default function PreferencesDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [prefs, setPrefs] = useState<TPreferenceValues | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState<TPreferenceKey | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    notificationApi.preferences().then(setPrefs, () => setLoadFailed(true));
    // A click on the backdrop (outside the panel, so on the dialog itself) closes it, as Escape does.
    const closeOnBackdrop = (event: MouseEvent) => event.target === dialog && dialog.close();
    dialog.addEventListener("click", closeOnBackdrop);
    return () => dialog.removeEventListener("click", closeOnBackdrop);
  }, []);

  const toggle = async (key: TPreferenceKey) => {
    if (!prefs || saving) return;
    const before = prefs;
    setPrefs({ ...prefs, [key]: !prefs[key] });
    setSaving(key);
    try {
      setPrefs(await notificationApi.savePreference({ [key]: !before[key] }));
      toast.success("Preferences Updated", { description: "Your notification preferences have been saved." });
    } catch {
      setPrefs(before);
      toast.error("Update Failed", { description: "Your notification preferences could not be saved. Please try again." });
    } finally {
      setSaving(null);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-0 mt-auto max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl border border-line bg-bg p-0 text-fg shadow-2xl backdrop:bg-black/60 sm:m-auto sm:max-w-lg sm:rounded-2xl"
    >
      <div className="p-5 sm:p-6">
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-xl font-bold">
              Notification Preferences
            </h2>
            <p className="mt-1 text-sm text-muted">Choose how and about what we keep you posted.</p>
          </div>
          <button type="button" className={buttonClass.ghost} aria-label="Close" onClick={() => ref.current?.close()}>
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        {loadFailed ? (
          <p role="alert" className="text-sm text-danger">
            Your preferences could not be loaded. Close this and try again.
          </p>
        ) : null}
        {!prefs && !loadFailed ? <p className="text-sm text-muted">Loading…</p> : null}
        {prefs ? (
          <div className="space-y-4">
            {PREFERENCE_CARDS.map((card) => (
              <section key={card.title} className="rounded-2xl border border-line bg-surface p-4" aria-label={card.title}>
                <h3 className="text-base font-semibold">{card.title}</h3>
                <ul className="mt-2 divide-y divide-line">
                  {card.items.map((item) => (
                    <li key={item.key} className="flex items-center justify-between gap-4 py-3">
                      <div>
                        <p id={`pref-${item.key}`} className="text-sm font-medium">
                          {item.label}
                        </p>
                        <p id={`pref-${item.key}-hint`} className="text-xs text-muted">
                          {item.hint}
                        </p>
                      </div>
                      <Switch
                        on={prefs[item.key]}
                        busy={saving === item.key}
                        labelId={`pref-${item.key}`}
                        hintId={`pref-${item.key}-hint`}
                        onToggle={() => toggle(item.key)}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}

function Switch({
  on,
  busy,
  labelId,
  hintId,
  onToggle,
}: {
  on: boolean;
  busy: boolean;
  labelId: string;
  hintId: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelId}
      aria-describedby={hintId}
      aria-busy={busy || undefined}
      onClick={onToggle}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--focus)] ${on ? "border-brand bg-brand" : "border-line bg-surface-2"}`}
    >
      <span
        aria-hidden
        className={`inline-block h-5 w-5 rounded-full shadow transition-transform ${on ? "translate-x-5 bg-brand-contrast" : "translate-x-0.5 bg-muted"}`}
      />
    </button>
  );
}

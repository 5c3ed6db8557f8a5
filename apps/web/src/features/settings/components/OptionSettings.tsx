import type { Settings, UpdateSettingsBody } from '@gameon/shared';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { hintId, inputClasses } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { cx } from '../../../lib/format';
import { useSettings, useUpdateSettings } from '../api';
import type { ChoiceSetting } from '../setting-options';
import { LoadingLine, RetryAlert } from '../../../components/LoadStates';

/** The failure text of a settings change (spec part 2 §8). */
const UPDATE_FAILED = 'Failed to update settings';
/** How long 'Saved' shows after a change is stored. */
const SAVED_NOTE_MS = 2500;

/** Saves one option at a time; `saved` is true for a moment after each success. */
function useOptionSave() {
  const update = useUpdateSettings();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [saved]);
  const save = (body: UpdateSettingsBody) => {
    setSaved(false);
    update.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (error) => console.error('Could not update settings', error),
    });
  };
  return { update, saved, save };
}

function SettingRow({
  label,
  htmlFor,
  hint,
  saving,
  saved,
  failed,
  children,
}: {
  label: string;
  htmlFor: string;
  hint: string;
  saving: boolean;
  saved: boolean;
  failed: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-start sm:gap-6">
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <label htmlFor={htmlFor} className="text-sm font-semibold text-slate-900">
            {label}
          </label>
          <span role="status" className="inline-flex items-center gap-1 text-xs text-slate-500">
            {saving && (
              <>
                <Spinner className="size-3.5" />
                Saving…
              </>
            )}
            {saved && (
              <>
                <Check aria-hidden="true" className="size-3.5 text-emerald-700" />
                Saved
              </>
            )}
          </span>
        </div>
        <p id={hintId(htmlFor)} className="mt-0.5 text-sm text-slate-500">
          {hint}
        </p>
      </div>
      <div>
        {children}
        {failed && (
          <Alert tone="error" className="mt-2">
            {UPDATE_FAILED}
          </Alert>
        )}
      </div>
    </div>
  );
}

/** One option chosen from a list, saved as soon as it changes. */
function ChoiceRow({ setting, settings }: { setting: ChoiceSetting; settings: Settings }) {
  const { update, saved, save } = useOptionSave();
  const id = `setting-${setting.field}`;
  // While saving, the control shows the value being saved; after a failure, the stored one.
  const pending = update.isPending ? update.variables[setting.field] : undefined;
  const value = typeof pending === 'string' ? pending : settings[setting.field];
  const current = setting.choices.find((choice) => choice.value === value);

  return (
    <SettingRow
      label={setting.label}
      htmlFor={id}
      hint={current?.hint ?? ''}
      saving={update.isPending}
      saved={saved}
      failed={update.isError}
    >
      <select
        id={id}
        value={value}
        aria-describedby={hintId(id)}
        // The options of the select are the setting's own values.
        onChange={(event) => save({ [setting.field]: event.target.value })}
        className={inputClasses()}
      >
        {setting.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </SettingRow>
  );
}

/** Show online status (spec part 2 §6: on or off), a switch saved as soon as it flips. */
function OnlineStatusRow({ settings }: { settings: Settings }) {
  const { update, saved, save } = useOptionSave();
  const id = 'setting-show_online_status';
  const pending = update.isPending ? update.variables.show_online_status : undefined;
  const on = pending ?? settings.show_online_status;

  return (
    <SettingRow
      label="Show online status"
      htmlFor={id}
      hint={
        on
          ? 'People who follow you see a green dot when you are online.'
          : 'Nobody sees when you are online.'
      }
      saving={update.isPending}
      saved={saved}
      failed={update.isError}
    >
      <span className="relative inline-flex">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={hintId(id)}
          onChange={(event) => save({ show_online_status: event.target.checked })}
          className="peer absolute inset-0 z-10 cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className={cx(
            'flex h-7 w-12 items-center rounded-full p-0.5 transition-colors',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-600',
            on ? 'bg-emerald-700' : 'bg-slate-300',
          )}
        >
          <span
            className={cx(
              'size-6 rounded-full bg-white shadow transition-transform',
              on && 'translate-x-5',
            )}
          />
        </span>
        <span aria-hidden="true" className="ml-3 self-center text-sm font-medium text-slate-700">
          {on ? 'On' : 'Off'}
        </span>
      </span>
    </SettingRow>
  );
}

interface OptionSettingsProps {
  title: string;
  description: string;
  options: readonly ChoiceSetting[];
  /** Adds the online status switch after the lists (Privacy tab). */
  withOnlineStatus?: boolean;
}

/**
 * A settings tab of options (spec part 2 §2 Privacy and Content tabs, §6): each with a visible
 * label and what the chosen value means, saved with `PUT /settings` as soon as it changes;
 * a failure shows 'Failed to update settings' (spec part 2 §8) and the stored value again.
 */
export function OptionSettings({
  title,
  description,
  options,
  withOnlineStatus = false,
}: OptionSettingsProps) {
  const settings = useSettings();

  let body: ReactNode;
  if (settings.isPending) {
    body = <LoadingLine>Loading settings…</LoadingLine>;
  } else if (settings.isError) {
    body = (
      <RetryAlert onRetry={() => void settings.refetch()}>Could not load your settings.</RetryAlert>
    );
  } else {
    body = (
      <div className="divide-y divide-slate-100">
        {options.map((setting) => (
          <ChoiceRow key={setting.field} setting={setting} settings={settings.data} />
        ))}
        {withOnlineStatus && <OnlineStatusRow settings={settings.data} />}
      </div>
    );
  }

  const headingId = `settings-${title.toLowerCase()}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 mb-6 text-sm text-slate-500">{description}</p>
      {body}
    </section>
  );
}

import { Pencil } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { HttpError, errorMessage, rateLimitMessage } from '../../../lib/api-client';
import { ProfileFieldRow, ProfileSection } from './ProfileSection';

/**
 * The field save failure text (spec part 2 §8); a refused value (400) and a limit reached (429,
 * such as moving one's home city too often) show the server's words.
 */
function saveFailureMessage(error: unknown): string {
  const fallback = 'Failed to save changes';
  return (
    rateLimitMessage(error) ??
    (error instanceof HttpError && error.status === 400 ? errorMessage(error, fallback) : fallback)
  );
}

/**
 * The edit state of one profile field (spec part 2 §4 "Profile field edit": view, then edit,
 * then save back to view, or cancel). `draft` is null while viewing.
 */
export function useFieldEditor<T>() {
  const [draft, setDraft] = useState<T | null>(null);
  /** A rule the draft breaks, shown at its control. */
  const [invalid, setInvalid] = useState<string | null>(null);
  /** Why saving failed. */
  const [failure, setFailure] = useState<string | null>(null);
  /** Sets the draft (null: back to the view) and clears the messages about the old one. */
  const update = (value: T | null) => {
    setDraft(value);
    setInvalid(null);
    setFailure(null);
  };
  return {
    draft,
    invalid,
    failure,
    /** Opens the editor on `value`. */
    start: (value: T) => update(value),
    change: (value: T) => update(value),
    /** Back to the view (on cancel). */
    stop: () => update(null),
    setInvalid,
    /**
     * True when `problem` is null; otherwise shows it at its control, focuses the control
     * `focusId` (if given) and returns false.
     */
    check: (problem: string | null, focusId?: string): boolean => {
      if (problem === null) return true;
      setInvalid(problem);
      if (focusId !== undefined) document.getElementById(focusId)?.focus();
      return false;
    },
    /** The save mutation's callbacks: back to the view, or the failure text. */
    saved: {
      onSuccess: () => update(null),
      onError: (error: unknown) => {
        console.error('Could not save the profile field', error);
        setFailure(saveFailureMessage(error));
      },
    },
  };
}

export type FieldEditor<T> = ReturnType<typeof useFieldEditor<T>>;

interface EditButtonProps {
  /** The word after 'Edit' in the button's name, e.g. 'phone' -> 'Edit phone'. */
  name: string;
  /** While editing the button is hidden; when the editor closes, focus comes back to it. */
  editing: boolean;
  onEdit: () => void;
}

/** The Edit button of a profile field (own profile only). */
function EditButton({ name, editing, onEdit }: EditButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) ref.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <Button
      ref={ref}
      hidden={editing}
      variant="ghost"
      size="sm"
      aria-label={`Edit ${name}`}
      onClick={onEdit}
      className="-my-1 px-2"
    >
      <Pencil aria-hidden="true" className="size-4" />
      <span aria-hidden="true" className="hidden sm:inline">
        Edit
      </span>
    </Button>
  );
}

interface EditFormProps {
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  /** The save failure, shown as an alert above the buttons. */
  failure: string | null;
  children: ReactNode;
  /** Accessible name of the form, e.g. 'Edit phone'. */
  label: string;
  /** Another button, shown at the start of the button row (e.g. Remove). */
  extraAction?: ReactNode;
}

/** The editor of a field: its controls, the save failure, and Save and Cancel. */
function EditForm({
  onSave,
  onCancel,
  saving,
  failure,
  children,
  label,
  extraAction,
}: EditFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // The editor replaces the Edit button, so focus moves to its first control.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form
      ref={formRef}
      aria-label={label}
      noValidate
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented && !saving) {
          event.preventDefault();
          onCancel();
        }
      }}
      className="mt-2 space-y-3"
    >
      {children}
      {failure !== null && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        {extraAction !== undefined && <div className="mr-auto">{extraAction}</div>}
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}

interface EditableFieldProps<T> {
  editor: FieldEditor<T>;
  /** The word after 'Edit' in the button's and the form's names, e.g. 'phone'. */
  name: string;
  /** Whether the viewer may edit (own profile). */
  editable: boolean;
  /** The draft the editor opens with. */
  startValue: () => T;
  onSave: () => void;
  saving: boolean;
  /** Another button at the start of the editor's button row (e.g. Remove). */
  extraAction?: ReactNode;
  /** The editor's controls for the draft. */
  renderEditor: (draft: T) => ReactNode;
  /** What the field shows while not being edited. */
  children: ReactNode;
  /** Its frame: a profile card with an h2 or a row with an h3 inside a card. */
  frame: 'section' | 'row';
  title: string;
  icon: LucideIcon;
}

/**
 * A profile field with its Edit button (when editable) that swaps the view for its editor and
 * back (spec part 2 §4 "Profile field edit").
 */
export function EditableField<T>({
  editor,
  name,
  editable,
  startValue,
  onSave,
  saving,
  extraAction,
  renderEditor,
  children,
  frame,
  title,
  icon,
}: EditableFieldProps<T>) {
  const Frame = frame === 'section' ? ProfileSection : ProfileFieldRow;
  return (
    <Frame
      title={title}
      icon={icon}
      action={
        editable && (
          <EditButton
            name={name}
            editing={editor.draft !== null}
            onEdit={() => editor.start(startValue())}
          />
        )
      }
    >
      {editor.draft !== null ? (
        <EditForm
          label={`Edit ${name}`}
          onSave={onSave}
          onCancel={editor.stop}
          saving={saving}
          failure={editor.failure}
          extraAction={extraAction}
        >
          {renderEditor(editor.draft)}
        </EditForm>
      ) : (
        children
      )}
    </Frame>
  );
}

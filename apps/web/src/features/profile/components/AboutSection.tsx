import { BIO_MAX } from '@gameon/shared';
import { UserRound } from 'lucide-react';
import { FormField, errorId, inputClasses } from '../../../components/FormField';
import { useSaveProfileFields } from '../api';
import { EditButton, EditForm, useFieldEditor } from './FieldEditor';
import { EmptyText, ProfileSection } from './ProfileSection';

const BIO_ID = 'profile-bio';

/** About Me (spec part 2 §2): the bio; editable on the own profile. */
export function AboutSection({ bio, own }: { bio: string; own: boolean }) {
  const editor = useFieldEditor<string>();
  const save = useSaveProfileFields();
  const editing = editor.draft !== null;

  const handleSave = () => {
    const draft = editor.draft ?? '';
    if (draft.trim().length > BIO_MAX) {
      editor.setInvalid(`Bio must be at most ${BIO_MAX} characters`);
      document.getElementById(BIO_ID)?.focus();
      return;
    }
    save.mutate({ bio: draft.trim() }, { onSuccess: editor.stop, onError: editor.fail });
  };

  return (
    <ProfileSection
      title="About Me"
      icon={UserRound}
      action={own && <EditButton name="bio" editing={editing} onEdit={() => editor.start(bio)} />}
    >
      {editor.draft !== null ? (
        <EditForm
          label="Edit bio"
          onSave={handleSave}
          onCancel={editor.stop}
          saving={save.isPending}
          failure={editor.failure}
        >
          <FormField
            label="Bio"
            htmlFor={BIO_ID}
            error={editor.invalid}
            counter={{ value: editor.draft.length, max: BIO_MAX }}
          >
            <textarea
              id={BIO_ID}
              rows={4}
              value={editor.draft}
              onChange={(event) => editor.change(event.target.value)}
              aria-invalid={editor.invalid !== null || undefined}
              aria-describedby={editor.invalid === null ? undefined : errorId(BIO_ID)}
              placeholder="Which sports and games you play, how often, what you look for"
              className={inputClasses(editor.invalid !== null, 'resize-y')}
            />
          </FormField>
        </EditForm>
      ) : bio === '' ? (
        <EmptyText>
          {own ? 'Tell people what you play and who you want to play with.' : 'No bio yet'}
        </EmptyText>
      ) : (
        <p className="text-sm break-words whitespace-pre-line text-slate-700">{bio}</p>
      )}
    </ProfileSection>
  );
}

import { BIO_MAX } from '@gameon/shared';
import { UserRound } from 'lucide-react';
import { TextAreaField } from '../../../components/InputField';
import { useSaveProfileFields } from '../api';
import { EditableField, useFieldEditor } from './FieldEditor';
import { EmptyText } from './ProfileSection';

const BIO_ID = 'profile-bio';

/** About Me (spec part 2 §2): the bio; editable on the own profile. */
export function AboutSection({ bio, own }: { bio: string; own: boolean }) {
  const editor = useFieldEditor<string>();
  const save = useSaveProfileFields();

  const handleSave = () => {
    const draft = (editor.draft ?? '').trim();
    const tooLong = draft.length > BIO_MAX ? `Bio must be at most ${BIO_MAX} characters` : null;
    if (editor.check(tooLong, BIO_ID)) save.mutate({ bio: draft }, editor.saved);
  };

  return (
    <EditableField
      frame="section"
      title="About Me"
      icon={UserRound}
      name="bio"
      editable={own}
      editor={editor}
      startValue={() => bio}
      onSave={handleSave}
      saving={save.isPending}
      renderEditor={(draft) => (
        <TextAreaField
          id={BIO_ID}
          label="Bio"
          error={editor.invalid}
          counter={{ value: draft.length, max: BIO_MAX }}
          rows={4}
          value={draft}
          onChange={(event) => editor.change(event.target.value)}
          placeholder="Which sports and games you play, how often, what you look for"
        />
      )}
    >
      {bio === '' ? (
        <EmptyText>
          {own ? 'Tell people what you play and who you want to play with.' : 'No bio yet'}
        </EmptyText>
      ) : (
        <p className="text-sm break-words whitespace-pre-line text-slate-700">{bio}</p>
      )}
    </EditableField>
  );
}

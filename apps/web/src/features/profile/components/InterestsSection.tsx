import { Hash } from 'lucide-react';
import { FormField } from '../../../components/FormField';
import { TagInput } from '../../../components/TagInput';
import { useSaveProfileFields } from '../api';
import { EditableField, useFieldEditor } from './FieldEditor';
import { EmptyText } from './ProfileSection';

const INTERESTS_ID = 'profile-interests';

/** Interests (spec part 2 §2): the member's tags as #hashtags; editable on the own profile. */
export function InterestsSection({ own, tags }: { own: boolean; tags: string[] }) {
  const editor = useFieldEditor<string[]>();
  const save = useSaveProfileFields();

  return (
    <EditableField
      frame="section"
      title="Interests"
      icon={Hash}
      name="interests"
      editable={own}
      editor={editor}
      startValue={() => tags}
      onSave={() => save.mutate({ tags: editor.draft ?? [] }, editor.saved)}
      saving={save.isPending}
      renderEditor={(draft) => (
        <FormField
          label="Interests"
          htmlFor={INTERESTS_ID}
          hint="Press space or Enter after each one, e.g. turf, weekend, ranked."
        >
          <TagInput id={INTERESTS_ID} tags={draft} onChange={editor.change} />
        </FormField>
      )}
    >
      {tags.length === 0 ? (
        <EmptyText>No interests listed</EmptyText>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag}
              className="rounded-md bg-emerald-50 px-2 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200"
            >
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </EditableField>
  );
}

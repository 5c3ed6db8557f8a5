import { ONLINE_GAMES, POST_SPORTS, SKILL_LEVELS, SPORTS } from '@gameon/shared';
import type { Skill } from '@gameon/shared';
import { Trophy } from 'lucide-react';
import { FormField, inputClasses } from '../../../components/FormField';
import { SportIcon } from '../../../components/SportIcon';
import { useSaveSkills } from '../api';
import { SKILL_LEVEL_LABELS, validateSkills } from '../profile-fields';
import type { SkillDraft } from '../profile-fields';
import { EditableField, useFieldEditor } from './FieldEditor';
import { EmptyText } from './ProfileSection';
import { RemoveRowButton, RowsEditor, useKeyedRows } from './RowsEditor';
import type { KeyedRow } from './RowsEditor';
import { SelectOptions } from '../../../components/SelectOptions';

/** The skills, then any listed sport without a level. */
function SkillList({ skills, sports }: { skills: Skill[]; sports: string[] }) {
  const withLevel = new Set(skills.map((skill) => skill.sport));
  const others = sports.filter((sport) => !withLevel.has(sport));
  return (
    <ul className="flex flex-wrap gap-2">
      {skills.map((skill) => (
        <li
          key={skill.sport}
          className="inline-flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200"
        >
          <SportIcon sport={skill.sport} className="size-4 text-emerald-700" />
          <span className="font-medium text-slate-900">{skill.sport}</span>
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            {SKILL_LEVEL_LABELS[skill.skill_level]}
          </span>
        </li>
      ))}
      {others.map((sport) => (
        <li
          key={sport}
          className="inline-flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200"
        >
          <SportIcon sport={sport} className="size-4 text-emerald-700" />
          <span className="font-medium text-slate-900">{sport}</span>
        </li>
      ))}
    </ul>
  );
}

interface SkillsSectionProps {
  own: boolean;
  skills: Skill[];
  /** Sports listed at sign-up, shown without a level when they have no skill entry. */
  sports: string[];
}

/**
 * Sports & Skills (spec part 2 §2, §5): each entry a sport (or online game) and a level from
 * beginner to expert; editable on the own profile and saved with `PUT /settings/skills`.
 */
export function SkillsSection({ own, skills, sports }: SkillsSectionProps) {
  const editor = useFieldEditor<KeyedRow<SkillDraft>[]>();
  const save = useSaveSkills();
  const rows = useKeyedRows(editor);

  const handleSave = () => {
    const draft = editor.draft ?? [];
    if (!editor.check(validateSkills(draft, POST_SPORTS))) return;
    const body: Skill[] = draft.map(({ sport, skill_level }) => ({ sport, skill_level }));
    save.mutate(body, editor.saved);
  };

  return (
    <EditableField
      frame="section"
      title="Sports & Skills"
      icon={Trophy}
      name="skills"
      editable={own}
      editor={editor}
      startValue={() => skills.map(rows.keyed)}
      onSave={handleSave}
      saving={save.isPending}
      renderEditor={(draft) => (
        <RowsEditor
          rows={draft}
          empty="No sports yet. Add the sports and games you play."
          invalid={editor.invalid}
          addLabel="Add skill"
          // Focus the new row's sport once it is rendered.
          onAdd={() =>
            rows.add({ sport: '', skill_level: 'beginner' }, (key) => `skill-${key}-sport`)
          }
          rowClassName="grid-cols-[minmax(0,1fr)_auto] sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
          renderRow={(row, index) => {
            const sportId = `skill-${row.key}-sport`;
            const levelId = `skill-${row.key}-level`;
            const missing = editor.invalid !== null && row.sport === '';
            return (
              <>
                <FormField label="Sport" htmlFor={sportId} className="col-span-2 sm:col-span-1">
                  <select
                    id={sportId}
                    value={row.sport}
                    onChange={(event) => rows.update(row.key, { sport: event.target.value })}
                    aria-invalid={missing || undefined}
                    className={inputClasses(missing)}
                  >
                    <option value="">Select a sport or game</option>
                    <optgroup label="Sports">
                      <SelectOptions values={SPORTS} />
                    </optgroup>
                    <optgroup label="Online games">
                      <SelectOptions values={ONLINE_GAMES} />
                    </optgroup>
                  </select>
                </FormField>
                <FormField label="Level" htmlFor={levelId}>
                  <select
                    id={levelId}
                    value={row.skill_level}
                    onChange={(event) =>
                      rows.update(row.key, {
                        skill_level: event.target.value as SkillDraft['skill_level'],
                      })
                    }
                    className={inputClasses()}
                  >
                    <SelectOptions
                      values={SKILL_LEVELS}
                      label={(level) => SKILL_LEVEL_LABELS[level]}
                    />
                  </select>
                </FormField>
                <RemoveRowButton
                  label={`Remove ${row.sport === '' ? `skill ${index + 1}` : row.sport}`}
                  onRemove={() => rows.remove(row.key)}
                />
              </>
            );
          }}
        />
      )}
    >
      {skills.length === 0 && sports.length === 0 ? (
        <EmptyText>No sports listed</EmptyText>
      ) : (
        <SkillList skills={skills} sports={sports} />
      )}
    </EditableField>
  );
}

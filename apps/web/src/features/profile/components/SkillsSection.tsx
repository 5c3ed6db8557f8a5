import { ONLINE_GAMES, POST_SPORTS, SKILL_LEVELS, SPORTS } from '@gameon/shared';
import type { Skill } from '@gameon/shared';
import { Plus, Trash2, Trophy } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/Button';
import { FormField, inputClasses } from '../../../components/FormField';
import { SportIcon } from '../../../components/SportIcon';
import { useSaveSkills } from '../api';
import { SKILL_LEVEL_LABELS, validateSkills } from '../profile-fields';
import type { SkillDraft } from '../profile-fields';
import { EditButton, EditForm, useFieldEditor } from './FieldEditor';
import { EmptyText, ProfileSection } from './ProfileSection';

/** A skill row being edited, with a key that stays while rows are added and removed. */
interface SkillRow extends SkillDraft {
  key: number;
}

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
          <SportIcon sport={skill.sport} className="size-4 text-emerald-600" />
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
          <SportIcon sport={sport} className="size-4 text-emerald-600" />
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
  const editor = useFieldEditor<SkillRow[]>();
  const save = useSaveSkills();
  const nextKey = useRef(0);
  const rows = editor.draft;

  const newRow = (draft: SkillDraft): SkillRow => ({ ...draft, key: nextKey.current++ });

  const update = (key: number, change: Partial<SkillDraft>) =>
    editor.change((rows ?? []).map((row) => (row.key === key ? { ...row, ...change } : row)));

  const handleSave = () => {
    if (rows === null) return;
    const problem = validateSkills(rows, POST_SPORTS);
    if (problem !== null) {
      editor.setInvalid(problem);
      return;
    }
    const body: Skill[] = rows.map(({ sport, skill_level }) => ({ sport, skill_level }));
    save.mutate(body, { onSuccess: editor.stop, onError: editor.fail });
  };

  const addRow = () => {
    const row = newRow({ sport: '', skill_level: 'beginner' });
    editor.change([...(rows ?? []), row]);
    // Focus the new row's sport once it is rendered.
    requestAnimationFrame(() => document.getElementById(`skill-${row.key}-sport`)?.focus());
  };

  return (
    <ProfileSection
      title="Sports & Skills"
      icon={Trophy}
      action={
        own && (
          <EditButton
            name="skills"
            editing={rows !== null}
            onEdit={() => editor.start(skills.map((skill) => newRow(skill)))}
          />
        )
      }
    >
      {rows !== null ? (
        <EditForm
          label="Edit skills"
          onSave={handleSave}
          onCancel={editor.stop}
          saving={save.isPending}
          failure={editor.failure}
        >
          {rows.length === 0 ? (
            <EmptyText>No sports yet. Add the sports and games you play.</EmptyText>
          ) : (
            <ul className="space-y-3">
              {rows.map((row, index) => {
                const sportId = `skill-${row.key}-sport`;
                const levelId = `skill-${row.key}-level`;
                return (
                  <li
                    key={row.key}
                    className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
                  >
                    <FormField label="Sport" htmlFor={sportId} className="col-span-2 sm:col-span-1">
                      <select
                        id={sportId}
                        value={row.sport}
                        onChange={(event) => update(row.key, { sport: event.target.value })}
                        aria-invalid={(editor.invalid !== null && row.sport === '') || undefined}
                        className={inputClasses(editor.invalid !== null && row.sport === '')}
                      >
                        <option value="">Select a sport or game</option>
                        <optgroup label="Sports">
                          {SPORTS.map((sport) => (
                            <option key={sport} value={sport}>
                              {sport}
                            </option>
                          ))}
                        </optgroup>
                        <optgroup label="Online games">
                          {ONLINE_GAMES.map((game) => (
                            <option key={game} value={game}>
                              {game}
                            </option>
                          ))}
                        </optgroup>
                      </select>
                    </FormField>
                    <FormField label="Level" htmlFor={levelId}>
                      <select
                        id={levelId}
                        value={row.skill_level}
                        onChange={(event) =>
                          update(row.key, {
                            skill_level: event.target.value as SkillDraft['skill_level'],
                          })
                        }
                        className={inputClasses()}
                      >
                        {SKILL_LEVELS.map((level) => (
                          <option key={level} value={level}>
                            {SKILL_LEVEL_LABELS[level]}
                          </option>
                        ))}
                      </select>
                    </FormField>
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${row.sport === '' ? `skill ${index + 1}` : row.sport}`}
                      onClick={() => editor.change(rows.filter((other) => other.key !== row.key))}
                      className="px-2.5 text-rose-600 hover:bg-rose-50 hover:text-rose-700"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          {editor.invalid !== null && (
            <p role="alert" className="text-xs font-medium text-rose-600">
              {editor.invalid}
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={addRow}>
            <Plus aria-hidden="true" className="size-4" />
            Add skill
          </Button>
        </EditForm>
      ) : skills.length === 0 && sports.length === 0 ? (
        <EmptyText>No sports listed</EmptyText>
      ) : (
        <SkillList skills={skills} sports={sports} />
      )}
    </ProfileSection>
  );
}

import { CONTENT_SETTINGS } from '../setting-options';
import { OptionSettings } from './OptionSettings';

/** The Content tab of settings (spec part 2 §2, §6): comments and event invitations. */
export function ContentSettings() {
  return (
    <OptionSettings
      title="Content"
      description="Choose who can comment on your posts and how event invitations reach you."
      options={CONTENT_SETTINGS}
    />
  );
}

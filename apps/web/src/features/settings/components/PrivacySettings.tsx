import { PRIVACY_SETTINGS } from '../setting-options';
import { BlockedMembers } from './BlockedMembers';
import { CalendarFeedSettings } from './CalendarFeedSettings';
import { OptionSettings } from './OptionSettings';

/** The Privacy tab of settings (spec part 2 §2, §6), with the private calendar feed. */
export function PrivacySettings() {
  return (
    <>
      <OptionSettings
        title="Privacy"
        description="Choose who sees what about you. Friends are people you follow who follow you back."
        options={PRIVACY_SETTINGS}
        withOnlineStatus
      />
      <BlockedMembers />
      <CalendarFeedSettings />
    </>
  );
}

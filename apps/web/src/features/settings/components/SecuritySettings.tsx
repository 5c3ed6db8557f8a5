import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount } from './DeleteAccount';
import { SessionsList } from './SessionsList';
import { SettingsCard } from './SettingsCard';

/**
 * The Security tab of settings (spec part 2 §2): the password change, the member's sessions
 * and account deletion.
 */
export function SecuritySettings() {
  return (
    <div className="space-y-6">
      <SettingsCard
        title="Change password"
        description="Changing your password signs you out on your other devices. This one stays signed in."
      >
        <div className="mt-6">
          <ChangePasswordForm />
        </div>
      </SettingsCard>
      <SessionsList />
      <DeleteAccount />
    </div>
  );
}

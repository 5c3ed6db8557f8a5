import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount } from './DeleteAccount';

/** The Security tab of settings (spec part 2 §2): the password change and account deletion. */
export function SecuritySettings() {
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="change-password-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
          Change password
        </h2>
        <p className="mt-1 mb-6 text-sm text-slate-500">
          Changing your password signs you out on your other devices. This one stays signed in.
        </p>
        <ChangePasswordForm />
      </section>
      <DeleteAccount />
    </div>
  );
}

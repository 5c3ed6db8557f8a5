import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { DialogActions } from '../../../components/DialogActions';
import { InputField } from '../../../components/InputField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/session';
import { useDeleteAccount } from '../api';
import { SettingsCard } from './SettingsCard';

const PASSWORD_ID = 'delete-account-password';

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { startAccountDeletion, endDeletedSession } = useAuth();
  const deleteAccount = useDeleteAccount();
  const { register, handleSubmit, formState } = useForm({ defaultValues: { password: '' } });

  const confirm = handleSubmit(({ password }) => {
    // The socket closes first and nothing signs out on the dying token; once the account is
    // gone the session ends here only, and the router shows /account-deleted.
    const cancel = startAccountDeletion();
    deleteAccount.mutate(password, { onSuccess: endDeletedSession, onError: cancel });
  });

  return (
    <Modal
      title="Delete your account?"
      description="This cannot be undone. Enter your password to confirm."
      onClose={onClose}
      size="sm"
    >
      <form onSubmit={(event) => void confirm(event)} noValidate className="space-y-4">
        <InputField
          id={PASSWORD_ID}
          label="Password"
          autoFocus
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password', { required: 'Password is required' })}
        />
        {deleteAccount.isError && (
          <Alert tone="error">
            {errorMessage(deleteAccount.error, 'Failed to delete account. Please try again.')}
          </Alert>
        )}
        <DialogActions onCancel={onClose} pending={deleteAccount.isPending}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete my account
        </DialogActions>
      </form>
    </Modal>
  );
}

/**
 * The danger zone of the Security tab: deleting the account (`DELETE /account` with the
 * password, CONTRACT.md), after which the member is signed out and lands on /account-deleted.
 */
export function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  return (
    <SettingsCard
      title="Delete account"
      tone="danger"
      description="Deleting your account removes your profile, pictures, posts, follows, messages and settings for good. Other members will no longer find you. This cannot be undone."
    >
      <div className="mt-5 flex justify-end border-t border-slate-100 pt-4">
        <Button variant="danger" className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete account
        </Button>
      </div>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </SettingsCard>
  );
}

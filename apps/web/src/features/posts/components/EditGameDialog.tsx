import type { Post } from '@gameon/shared';
import { Save } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api-client';
import { useEditPost } from '../api';
import { editValuesOf, joinedCount, toEditBody, validateEditGame } from '../edit-game';
import type { EditGameField } from '../edit-game';
import {
  ApproximatePlaceConfirm,
  EventTimeField,
  GameTextFields,
  LocationField,
  PlayersNeededField,
} from './GameFields';
import { useGameForm } from '../use-game-form';

/** Field ids in the order the form shows them (the first invalid one gets focus). */
const fieldIds: Record<EditGameField, string> = {
  heading: 'edit-game-title',
  description: 'edit-game-description',
  place: 'edit-game-place',
  eventTime: 'edit-game-time',
  playersNeeded: 'edit-game-players',
};

/**
 * The host's edit of their upcoming game, in a modal: title, description, tags, place, time
 * (in the future) and players needed (never below the joined count); the sport is shown, fixed.
 * Saving sends only what changed; the joined players are told by the server. `onSaved` runs
 * after a save (or when nothing changed).
 */
export function EditGameDialog({
  post,
  onClose,
  onSaved,
}: {
  post: Post;
  onClose: () => void;
  onSaved: () => void;
}) {
  const edit = useEditPost();
  const { form, values, check } = useGameForm(() => editValuesOf(post), fieldIds);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const joined = joinedCount(post);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitError(null);
    if (!check(validateEditGame(values, post))) return;
    const body = toEditBody(values, post);
    if (body === null) {
      onSaved();
      return;
    }
    edit.mutate(
      { postId: post.id, body },
      {
        onSuccess: onSaved,
        onError: (failure) => {
          console.error('Could not save the game', failure);
          setSubmitError(errorMessage(failure, 'Could not save your changes. Please try again.'));
        },
      },
    );
  };

  return (
    <Modal
      title="Edit game"
      description="Players who joined are told in the game's chat and by a notification."
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="text-sm text-slate-700">
          <span className="font-medium">Sport:</span> {post.sport}{' '}
          <span className="text-slate-500">(cannot be changed)</span>
        </p>
        <GameTextFields form={form} tagsId="edit-game-tags" descriptionRows={4} />
        <LocationField form={form} />
        <ApproximatePlaceConfirm form={form} />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
          <EventTimeField form={form} />
          <PlayersNeededField
            form={form}
            min={Math.max(1, joined)}
            hint={joined > 0 ? `${joined} joined` : undefined}
          />
        </div>
        {submitError !== null && <Alert tone="error">{submitError}</Alert>}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={edit.isPending}>
            {!edit.isPending && <Save aria-hidden="true" className="size-4" />}
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { MESSAGE_MAX } from '@gameon/shared';
import { MessageSquareDashed, SendHorizontal } from 'lucide-react';
import type { FormEvent, RefObject } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/FormField';
import type { useTypingEmitter } from '../use-typing';

/** The empty thread of a direct or group chat (spec part 1 §2 Messages). */
export function EmptyThread() {
  return (
    <li className="flex h-full flex-col items-center justify-center gap-2 text-center text-sm text-slate-500">
      <MessageSquareDashed aria-hidden="true" className="size-8 text-slate-300" />
      No messages yet. Start the conversation!
    </li>
  );
}

/**
 * The message box of a thread, shared by direct and group chats: the 'Message' field (typing
 * reported while it holds text), the Send button and the send failure, if any.
 */
export function MessageComposer({
  draft,
  onDraftChange,
  onSubmit,
  sending,
  sendError,
  connected,
  typing,
  inputRef,
}: {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  sending: boolean;
  sendError: string | null;
  connected: boolean;
  typing: ReturnType<typeof useTypingEmitter>;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3 sm:px-5">
      {sendError !== null && (
        <Alert tone="error" className="mb-2">
          {sendError}
        </Alert>
      )}
      <label htmlFor="message-input" className="mb-1 block text-xs font-medium text-slate-500">
        Message
      </label>
      <div className="flex items-center gap-2">
        <input
          ref={inputRef}
          id="message-input"
          value={draft}
          maxLength={MESSAGE_MAX}
          autoComplete="off"
          onChange={(event) => {
            onDraftChange(event.target.value);
            if (event.target.value.trim() !== '') typing.keystroke();
            else typing.stop();
          }}
          placeholder={connected ? 'Write a message…' : 'Connecting…'}
          className={inputClasses(false, 'flex-1')}
        />
        <Button type="submit" loading={sending} disabled={draft.trim() === ''}>
          {!sending && <SendHorizontal aria-hidden="true" className="size-4" />}
          <span className="max-sm:sr-only">Send</span>
        </Button>
      </div>
    </form>
  );
}

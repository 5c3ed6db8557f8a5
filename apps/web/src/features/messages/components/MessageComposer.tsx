import { MESSAGE_MAX } from '@gameon/shared';
import { SendHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/FormField';
import type { useTypingEmitter } from '../use-typing';

interface MessageComposerProps {
  /** Sends the trimmed text; resolves with the failure to show, or null once sent. */
  onSend: (content: string) => Promise<string | null>;
  connected: boolean;
  typing: ReturnType<typeof useTypingEmitter>;
}

/**
 * The message box of a thread, shared by direct and group chats: the 'Message' field (typing
 * reported while it holds text), the Send button and the send failure, if any. Blank text is
 * ignored (spec part 1 §9); the draft is kept when sending fails.
 */
export function MessageComposer({ onSend, connected, typing }: MessageComposerProps) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = draft.trim();
    if (content === '' || sending) return;
    typing.stop();
    setSending(true);
    setSendError(null);
    const error = await onSend(content);
    setSending(false);
    if (error === null) setDraft('');
    else setSendError(error);
    inputRef.current?.focus();
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      className="border-t border-slate-200 bg-white p-3 sm:px-5"
    >
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
            setDraft(event.target.value);
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

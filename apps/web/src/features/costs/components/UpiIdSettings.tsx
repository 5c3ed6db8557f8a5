import { upiIdSchema } from '@gameon/shared';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { InputField } from '../../../components/InputField';
import { LoadingLine } from '../../../components/LoadStates';
import { errorMessage } from '../../../lib/api-client';
import { useSaveUpiId, useUpiId } from '../api';

/**
 * The member's UPI ID in Settings (checked as `name@bank`, as the server does): the players of
 * games they host see it, with a QR code, to pay their share of a cost; nobody else does. "Remove"
 * forgets it.
 */
export function UpiIdSettings() {
  const headingId = useId();
  const saved = useUpiId();
  const save = useSaveUpiId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const current = saved.data?.upi_id ?? null;

  useEffect(() => {
    if (current !== null) setValue(current);
  }, [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = upiIdSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a UPI ID like name@bank');
      return;
    }
    setError(null);
    save.mutate(parsed.data, { onSuccess: () => setDone('UPI ID saved') });
  };

  const remove = () => {
    setDone(null);
    save.mutate(null, {
      onSuccess: () => {
        setValue('');
        setDone('UPI ID removed');
      },
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Payments
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        Your UPI ID lets the players of games you host pay their share of the ground fee. Only
        players who have joined your games see it. No money passes through GameOn.
      </p>
      {saved.isPending ? (
        <LoadingLine className="mt-5">Loading…</LoadingLine>
      ) : (
        <form className="mt-5 space-y-3" onSubmit={submit} noValidate>
          <InputField
            id="upi-id"
            label="UPI ID"
            placeholder="name@bank"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="email"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            hint="As shown in your UPI app, for example ravi.kumar@okaxis."
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={save.isPending && save.variables !== null}>
              Save UPI ID
            </Button>
            {current !== null && (
              <Button
                variant="secondary"
                loading={save.isPending && save.variables === null}
                onClick={remove}
              >
                Remove
              </Button>
            )}
          </div>
          {done !== null && <Alert tone="success">{done}</Alert>}
          {save.isError && (
            <Alert tone="error">
              {errorMessage(save.error, 'Could not save your UPI ID. Please try again.')}
            </Alert>
          )}
        </form>
      )}
    </section>
  );
}

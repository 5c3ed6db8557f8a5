import { formatRupees } from '@gameon/shared';
import type { CostPayment, GameCost, Post } from '@gameon/shared';
import { Check, Copy, IndianRupee, QrCode } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { InputField } from '../../../components/InputField';
import { HttpError, errorMessage } from '../../../lib/api-client';
import {
  rupeesToPaise,
  useConfirmPayment,
  useGameCost,
  useMarkPaid,
  useRemoveCost,
  useSetCost,
} from '../api';

/**
 * What a player paid against their share now: "Not paid yet", "Paid ₹214.28", or, when the
 * share moved after they paid (someone joined or left), "Paid ₹250, share now ₹214.28".
 */
export function paymentLine(payment: Pick<CostPayment, 'paid_paise' | 'share_paise'>): string {
  if (payment.paid_paise === null) return 'Not paid yet';
  if (payment.paid_paise === payment.share_paise) return `Paid ${formatRupees(payment.paid_paise)}`;
  return `Paid ${formatRupees(payment.paid_paise)}, share now ${formatRupees(payment.share_paise)}`;
}

/** How the cost divides, in a sentence. */
function costSummary(cost: NonNullable<GameCost['cost']>, role: GameCost['role']): string {
  const who = role === 'host' ? 'you' : 'the host';
  const people = `${cost.people} (${who} and ${cost.people - 1} ${cost.people === 2 ? 'player' : 'players'})`;
  return cost.kind === 'total'
    ? `${formatRupees(cost.amount_paise)} for the ground, split among ${people}: ${formatRupees(cost.share_paise)} each.`
    : `${formatRupees(cost.amount_paise)} per head for ${people}: ${formatRupees(cost.total_paise)} in all.`;
}

/** The host's form for the cost: a total for the ground or an amount per head, in rupees. */
function CostForm({ postId, current }: { postId: number; current: GameCost['cost'] }) {
  const setCost = useSetCost(postId);
  const [kind, setKind] = useState<'total' | 'per_head'>(current?.kind ?? 'total');
  const [amount, setAmount] = useState(
    current === null
      ? ''
      : (current.amount_paise / 100).toFixed(current.amount_paise % 100 ? 2 : 0),
  );
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const paise = rupeesToPaise(amount);
    if (paise === null || paise < 100) {
      setError('Enter an amount in rupees, like 1500 or 214.50');
      return;
    }
    setError(null);
    setCost.mutate({ kind, amountPaise: paise });
  };

  const missingUpi =
    setCost.error instanceof HttpError &&
    (setCost.error.data as { code?: string } | null)?.code === 'upi_id_missing';
  return (
    <form className="mt-4 space-y-3" onSubmit={submit} noValidate>
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-slate-700">
          The cost is
        </legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
          {(
            [
              ['total', 'A total for the ground'],
              ['per_head', 'An amount per head'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`cost-kind-${postId}`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-4 accent-emerald-700"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <InputField
        id={`cost-amount-${postId}`}
        label="Amount (₹)"
        inputMode="decimal"
        placeholder="1500"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
        inputClassName="max-w-48"
      />
      <Button type="submit" loading={setCost.isPending}>
        {current === null ? 'Set cost' : 'Update cost'}
      </Button>
      {setCost.isError && (
        <Alert tone="error">
          {errorMessage(setCost.error, 'Could not set the cost. Please try again.')}
          {missingUpi && (
            <>
              {' '}
              <Link to="/settings?tab=privacy" className="font-semibold underline">
                Add your UPI ID
              </Link>
            </>
          )}
        </Alert>
      )}
    </form>
  );
}

/** The host's UPI ID, QR code and "Open UPI app", as every joined player sees them. */
function PayeeDetails({ payee, share }: { payee: NonNullable<GameCost['payee']>; share: number }) {
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(payee.upi_id);
      setCopied(true);
    } catch (failure) {
      console.error('Could not copy the UPI ID', failure);
      setCopyFailed(true);
    }
  };
  return (
    <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
      <img
        src={payee.qr_png}
        width={180}
        height={180}
        alt={`UPI QR code to pay ${formatRupees(share)} to ${payee.name}`}
        className="size-45 shrink-0 self-center rounded-lg ring-1 ring-slate-200 sm:self-start"
      />
      <div className="min-w-0 space-y-3 text-sm">
        <p className="text-slate-600">
          Scan the QR code with any UPI app, or pay the UPI ID below. No money passes through
          GameOn.
        </p>
        <div>
          <p className="text-xs font-medium text-slate-500">UPI ID</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">
              {payee.upi_id}
            </code>
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              {copied ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {copied ? 'Copied' : 'Copy UPI ID'}
            </Button>
          </div>
        </div>
        <a href={payee.link} className={buttonClasses('secondary', 'sm')}>
          <QrCode aria-hidden="true" className="size-4" />
          Open UPI app
        </a>
        <p className="text-xs text-slate-500">
          Some UPI apps refuse links to a personal UPI ID: then scan the code or copy the ID.
        </p>
        {copyFailed && <Alert tone="error">Could not copy. Select the UPI ID and copy it.</Alert>}
      </div>
    </div>
  );
}

/** A joined player's part: their share, the payee and their "paid" mark. */
function PlayerCost({ postId, cost }: { postId: number; cost: GameCost }) {
  const mark = useMarkPaid(postId);
  const mine = cost.mine;
  if (cost.cost === null || mine === null) return null;
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">{costSummary(cost.cost, 'player')}</p>
      <p className="mt-3 text-base font-semibold text-slate-900">
        Your share: {formatRupees(mine.share_paise)}
      </p>
      {cost.payee === null ? (
        <p className="mt-2 text-sm text-slate-500">The host has not added a UPI ID yet.</p>
      ) : (
        <PayeeDetails payee={cost.payee} share={mine.share_paise} />
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <p className="text-sm font-medium text-slate-800">
          {paymentLine(mine)}
          {mine.paid_paise !== null && (
            <span className="font-normal text-slate-500">
              {mine.confirmed ? ' · Confirmed by the host' : ' · Waiting for the host to confirm'}
            </span>
          )}
        </p>
        {mine.paid_paise === null ? (
          <Button loading={mark.isPending} onClick={() => mark.mutate(true)}>
            Mark as paid
          </Button>
        ) : (
          !mine.confirmed && (
            <Button variant="secondary" loading={mark.isPending} onClick={() => mark.mutate(false)}>
              I have not paid
            </Button>
          )
        )}
      </div>
      {mark.isError && (
        <Alert tone="error" className="mt-3">
          {errorMessage(mark.error, 'Could not save your payment. Please try again.')}
        </Alert>
      )}
    </>
  );
}

/** The host's part: the cost form, the remainder, and every player's mark to confirm. */
function HostCost({ postId, cost }: { postId: number; cost: GameCost }) {
  const confirm = useConfirmPayment(postId);
  const remove = useRemoveCost(postId);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const summary = cost.cost;
  if (summary === null || editing)
    return (
      <>
        <p className="mt-2 text-sm text-slate-600">
          Split the ground fee: each player sees their share, your UPI QR code and marks when they
          have paid.
        </p>
        <CostForm postId={postId} current={summary} />
        {editing && (
          <Button variant="ghost" className="mt-2" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        )}
      </>
    );
  const payments = cost.payments ?? [];
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">{costSummary(summary, 'host')}</p>
      {summary.remainder_paise !== null && summary.remainder_paise > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          {formatRupees(summary.remainder_paise)} is left over from rounding: yours to settle.
        </p>
      )}
      {cost.payee === null && (
        <Alert tone="info" className="mt-3">
          Players see no QR code until you{' '}
          <Link to="/settings?tab=privacy" className="font-semibold underline">
            add your UPI ID
          </Link>
          .
        </Alert>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-900">
        Payments ({payments.filter((p) => p.paid_paise !== null).length} of {payments.length} marked
        paid)
      </h3>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No players yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {payments.map((payment) => (
            <li key={payment.user.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Link
                to={`/profile/${payment.user.id}`}
                className="text-sm font-medium text-slate-800 hover:text-emerald-700 hover:underline"
              >
                {payment.user.username}
              </Link>
              <span className="text-sm text-slate-600">{paymentLine(payment)}</span>
              {payment.confirmed && (
                <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                  Confirmed
                </span>
              )}
              {payment.paid_paise !== null && (
                <Button
                  variant={payment.confirmed ? 'ghost' : 'secondary'}
                  size="sm"
                  className="ml-auto"
                  aria-label={`${payment.confirmed ? 'Un-confirm' : 'Confirm'} ${payment.user.username}'s payment`}
                  loading={confirm.isPending && confirm.variables.userId === payment.user.id}
                  onClick={() =>
                    confirm.mutate({ userId: payment.user.id, confirmed: !payment.confirmed })
                  }
                >
                  {payment.confirmed ? 'Un-confirm' : 'Confirm'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Change cost
        </Button>
        <Button variant="ghost" onClick={() => setRemoving(true)}>
          Remove cost
        </Button>
      </div>
      {removing && (
        <ConfirmDialog
          title="Remove cost"
          question="Remove the cost of this game? Every player's paid mark goes with it."
          subject={costSummary(summary, 'host')}
          confirm="Remove cost"
          pending={remove.isPending}
          onCancel={() => setRemoving(false)}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => setRemoving(false) })}
        >
          {remove.isError && (
            <Alert tone="error" className="mt-3">
              {errorMessage(remove.error, 'Could not remove the cost. Please try again.')}
            </Alert>
          )}
        </ConfirmDialog>
      )}
      {confirm.isError && (
        <Alert tone="error" className="mt-3">
          {errorMessage(confirm.error, 'Could not save. Please try again.')}
        </Alert>
      )}
    </>
  );
}

/**
 * The cost split of game `post` on its page, for its host and its joined players only (the
 * server answers nobody else, and then nothing shows): the host sets the cost and confirms
 * payments; a player sees their share, the host's UPI QR code and ID, and marks "paid". The
 * shares follow the game's joined players.
 */
export function GameCostPanel({ post, viewerId }: { post: Post; viewerId: number }) {
  const headingId = useId();
  const playerIds = post.interested_users.map((entry) => entry.user_id);
  const cost = useGameCost(post.id, playerIds);
  const host = post.author_id === viewerId;
  if (!cost.data) return null;
  if (!host && cost.data.cost === null) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <IndianRupee aria-hidden="true" className="size-5 text-emerald-700" />
        Cost split
      </h2>
      {cost.data.role === 'host' ? (
        <HostCost postId={post.id} cost={cost.data} />
      ) : (
        <PlayerCost postId={post.id} cost={cost.data} />
      )}
    </section>
  );
}

import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { Comment, CommentThread } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/app';
import { jsonResponse, mockAppFetch, testPost, testUser } from '../../../test/utils';

/** rahul's game, which testUser (priya, id 7) visits. */
const game = testPost(42, { author_id: 3, author: { id: 3, username: 'rahul' } });

const comment = (id: number, author: { id: number; username: string }, content: string) =>
  ({
    id,
    post_id: 42,
    author,
    content,
    created_at: '2030-03-01T10:00:00.000Z',
    can_delete: author.id === testUser.id,
  }) satisfies Comment;

const asha = { id: 11, username: 'asha' };

function renderThread(thread: CommentThread, signedIn = true) {
  if (signedIn) localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  let current = thread;
  const calls = mockAppFetch(({ url, method, body }) => {
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/posts/42':
        return jsonResponse(game);
      case 'GET /api/posts/42/comments':
        return jsonResponse(current);
      case 'POST /api/posts/42/comments': {
        const stored = comment(99, testUser, (body as { content: string }).content);
        current = { ...current, comments: [...current.comments, stored] };
        return jsonResponse(stored, { status: 201 });
      }
    }
  });
  renderApp('/posts/42');
  return { calls, user: userEvent.setup() };
}

describe('the comments on a game page', () => {
  it('lists the thread oldest first and posts a trimmed question, which then shows', async () => {
    const { calls, user } = renderThread({
      comments: [comment(1, asha, 'Is there parking?'), comment(2, testUser, 'Studs or trainers?')],
      who_can_comment: 'anyone',
      refusal: null,
    });
    const thread = await screen.findByRole('region', { name: 'Questions and comments' });
    const items = await within(thread).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/\?$/).textContent)).toEqual([
      'Is there parking?',
      'Studs or trainers?',
    ]);
    // Delete on one's own comment only; Report on others'.
    expect(within(items[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(items[0]!).getByRole('button', { name: 'Report comment by asha' })).toBeVisible();
    expect(
      within(items[1]!).getByRole('button', { name: 'Delete comment by priya' }),
    ).toBeVisible();

    const field = within(thread).getByRole('textbox', { name: /Your question or comment/ });
    expect(field).toHaveAttribute('placeholder', 'Ask a question… e.g. Is there parking?');
    await user.type(field, '  Any bibs?  ');
    await user.click(within(thread).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Any bibs?' }),
    );
    expect(await within(thread).findByText('Any bibs?')).toBeVisible();
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('refuses a blank comment without sending it', async () => {
    const { calls, user } = renderThread({
      comments: [],
      who_can_comment: 'anyone',
      refusal: null,
    });
    const thread = await screen.findByRole('region', { name: 'Questions and comments' });
    await user.click(await within(thread).findByRole('button', { name: 'Post' }));
    expect(await within(thread).findByText('Write a question or comment first.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows only a notice when the host has closed comments', async () => {
    renderThread({ comments: [], who_can_comment: 'none', refusal: 'closed' });
    const thread = await screen.findByRole('region', { name: 'Questions and comments' });
    expect(
      await within(thread).findByText('The host has closed comments on this game.'),
    ).toBeVisible();
    expect(within(thread).queryByRole('textbox')).toBeNull();
  });

  it("tells a member who is not the host's friend why they cannot write", async () => {
    renderThread({
      comments: [comment(1, asha, 'Is there parking?')],
      who_can_comment: 'friends_only',
      refusal: 'friends_only',
    });
    const thread = await screen.findByRole('region', { name: 'Questions and comments' });
    expect(
      await within(thread).findByText("Only the host's friends can comment on this game."),
    ).toBeVisible();
    expect(within(thread).queryByRole('textbox')).toBeNull();
  });

  it('shows a visitor the thread and "Sign in to ask a question", no form', async () => {
    renderThread(
      {
        comments: [comment(1, asha, 'Is there parking?')],
        who_can_comment: 'anyone',
        refusal: 'signed_out',
      },
      false,
    );
    const thread = await screen.findByRole('region', { name: 'Questions and comments' });
    expect(await within(thread).findByText('Is there parking?')).toBeVisible();
    expect(within(thread).getByRole('link', { name: 'Sign in to ask a question' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(thread).queryByRole('textbox')).toBeNull();
    expect(within(thread).queryByRole('button', { name: /Report/ })).toBeNull();
  });
});

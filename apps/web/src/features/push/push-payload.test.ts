import { describe, expect, it } from 'vitest';
import { notificationFor, sameOriginUrl } from './push-payload';

const ORIGIN = 'https://gameon.example';
const generic = {
  title: 'GameOn',
  body: 'You have new notifications.',
  tag: 'gameon',
  url: `${ORIGIN}/notifications`,
};

describe('push payload → notification (service worker)', () => {
  it('shows the title, body and tag, and opens the same-origin path', () => {
    const payload = { title: 'Priya', body: 'See you at 6', url: '/messages?c=3', tag: 'dm-3' };
    expect(notificationFor(JSON.stringify(payload), ORIGIN)).toEqual({
      title: 'Priya',
      body: 'See you at 6',
      tag: 'dm-3',
      url: `${ORIGIN}/messages?c=3`,
    });
  });

  it.each([
    ['no data', null],
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '"hello"'],
    ['a missing field', JSON.stringify({ title: 'A', body: 'B', url: '/x' })],
    ['a field of the wrong type', JSON.stringify({ title: 'A', body: 2, url: '/x', tag: 't' })],
    ['an empty title', JSON.stringify({ title: ' ', body: 'B', url: '/x', tag: 't' })],
    [
      'another site',
      JSON.stringify({ title: 'A', body: 'B', url: 'https://evil.test/', tag: 't' }),
    ],
    [
      'a protocol-relative URL',
      JSON.stringify({ title: 'A', body: 'B', url: '//evil.test/', tag: 't' }),
    ],
    [
      'a script URL',
      JSON.stringify({ title: 'A', body: 'B', url: 'javascript:alert(1)', tag: 't' }),
    ],
  ])('falls back to a generic notification opening /notifications for %s', (_case, text) => {
    expect(notificationFor(text, ORIGIN)).toEqual(generic);
  });

  it('keeps a long title and body short', () => {
    const payload = { title: 'T'.repeat(500), body: 'B'.repeat(5000), url: '/', tag: 'x' };
    const shown = notificationFor(JSON.stringify(payload), ORIGIN);
    expect(shown.title).toHaveLength(120);
    expect(shown.body).toHaveLength(400);
  });

  it('accepts only paths on the app’s own origin', () => {
    expect(sameOriginUrl('/posts/4', ORIGIN)).toBe(`${ORIGIN}/posts/4`);
    expect(sameOriginUrl('/\\evil.test', ORIGIN)).toBeNull();
    expect(sameOriginUrl('posts/4', ORIGIN)).toBeNull();
  });
});

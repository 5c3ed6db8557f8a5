import { describe, expect, it } from 'vitest';
import { normalizeMailbox } from './mailbox.js';

describe('normalizeMailbox', () => {
  it.each([
    ['Victim@Example.in', 'victim@example.in'],
    ['victim+1@example.in', 'victim@example.in'],
    ['victim+a+b@example.in', 'victim@example.in'],
    ['first.last+x@example.in', 'first.last@example.in'],
    ['V.i.c.t.i.m+tag@gmail.com', 'victim@gmail.com'],
    ['victim@googlemail.com', 'victim@gmail.com'],
    ['v.ictim+1@GoogleMail.com', 'victim@gmail.com'],
  ])('%s reaches the inbox %s', (email, mailbox) => {
    expect(normalizeMailbox(email)).toBe(mailbox);
  });

  it('keeps different inboxes apart', () => {
    expect(normalizeMailbox('victim@example.in')).not.toBe(normalizeMailbox('victim@example.com'));
    expect(normalizeMailbox('vic.tim@example.in')).not.toBe(normalizeMailbox('victim@example.in'));
  });
});

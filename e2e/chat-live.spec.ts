/**
 * Chats appear live: the host has Messages open when a second member joins their
 * game; the new group chat shows up in the host's list without a reload, and its header lists
 * both members and links to the game page.
 */
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, postGame, signUp } from './helpers.js';

const TITLE = 'Morning nets at Chinnaswamy';
const CHAT = `Cricket - ${TITLE}`;

test('the host sees a new group chat appear live, with its members and its game', async ({
  browser,
  server,
}) => {
  const host = await newPerson(browser, server.baseURL);
  await signUp(host, server, 'wasim');
  await postGame(host, {
    sport: 'Cricket',
    players: 3,
    title: TITLE,
    description: 'Bowling practice, bring your own spikes.',
    clock: '07:00',
  });
  await host.goto('/messages');
  await expectPage(host, 'Messages');
  await expect(host.getByText('No conversations yet', { exact: true })).toBeVisible();

  // A second member joins the game from the feed.
  const member = await newPerson(browser, server.baseURL);
  await signUp(member, server, 'yamini');
  const card = member.getByRole('article', { name: TITLE, exact: true });
  await card.getByRole('button', { name: "I'm interested", exact: true }).click();
  await expectPage(member, 'Messages');

  // The host's open list shows the chat without a reload; its header lists both members.
  const groupChats = host.getByRole('region', { name: 'Group chats', exact: true });
  const chat = groupChats.getByText(CHAT, { exact: true });
  await expect(chat).toBeVisible();
  await chat.click();
  await expect(host.getByRole('heading', { level: 2, name: CHAT, exact: true })).toBeVisible();
  await expect(host.getByText('Members: wasim, yamini', { exact: true })).toBeVisible();
  await host.getByRole('link', { name: 'Game page', exact: true }).click();
  await expectPage(host, TITLE);
});

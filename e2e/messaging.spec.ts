/**
 * Messaging with two people in two browser contexts. A follow shows up live in
 * the other's notification dropdown and leads to the follower's profile; a direct conversation
 * with the unread badge rising and clearing, one tick turning into two, the typing indicator;
 * and a socket that drops, misses three messages and shows all three once it is back.
 */
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectPage, memberId, newPerson, shoot, signUp } from './helpers.js';

/**
 * Lets a test cut the page's real-time connection (both Socket.IO transports) and restore it,
 * as a phone losing and regaining signal; the rest of the network stays up. Install before the
 * page opens its socket.
 */
async function controllableSocket(page: Page) {
  let online = true;
  let connections = 0;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (!online) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    open.add(ws);
    connections += 1;
  });
  await page.route(/\/socket\.io\//, (route) =>
    online ? route.continue() : route.abort('internetdisconnected'),
  );
  return {
    async drop() {
      online = false;
      for (const ws of open) await ws.close();
      open.clear();
    },
    restore() {
      online = true;
    },
    /** WebSocket connections that reached the server so far. */
    connections: () => connections,
  };
}

test('follow notification, direct messages with ticks and typing, catch-up after a drop', async ({
  browser,
  server,
}) => {
  const meera = await newPerson(browser, server.baseURL);
  const meeraSocket = await controllableSocket(meera);
  await signUp(meera, server, 'meera');
  const nikhil = await newPerson(browser, server.baseURL);
  await signUp(nikhil, server, 'nikhil');
  const nikhilId = await memberId(nikhil);

  // Nikhil follows Meera; her dropdown shows it live and leads to his profile.
  await nikhil.goto('/search');
  await expectPage(nikhil, 'Find People');
  await nikhil.getByLabel('Search people', { exact: true }).fill('meera');
  const result = nikhil.getByRole('listitem').filter({ hasText: 'meera' });
  await result.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(result.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  // The bell's name carries its badge's count (WCAG 2.5.3 Label in Name):
  // "Notifications, 1 unread".
  const bell = meera.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const panel = meera.getByRole('region', { name: 'Notifications', exact: true });
  const item = panel.getByRole('button', { name: /nikhil started following you/ });
  await expect(item).toBeVisible();
  await shoot(meera, 'notification-dropdown');
  await meera.setViewportSize({ width: 1280, height: 900 });
  if (!(await panel.isVisible())) await bell.click();
  await item.click();
  await expect(meera).toHaveURL(new RegExp(`/profile/${nikhilId}$`));
  await expectPage(meera, 'nikhil');
  await expect(bell).toHaveAccessibleName('Notifications');

  // Nikhil messages Meera from the search result; her unread badge rises with each message.
  await result.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(nikhil).toHaveURL(/\/messages$/);
  await expectPage(nikhil, 'Messages');
  const nikhilLog = nikhil.getByRole('log', { name: 'Chat history: meera', exact: true });
  await sendMessage(nikhil, 'Hi Meera, badminton on Saturday?');
  await expect(nikhilLog.getByRole('img', { name: 'Sent', exact: true })).toHaveCount(1);
  const meeraMessages = meera.getByRole('banner').getByRole('link', { name: /^Messages/ });
  await expect(meeraMessages).toHaveAccessibleName('Messages, 1 unread');
  await sendMessage(nikhil, 'Courts at 7 am');
  await expect(meeraMessages).toHaveAccessibleName('Messages, 2 unread');
  await expect(meera.getByRole('link', { name: 'Messages 2 unread', exact: true })).toBeVisible();
  await expect(nikhilLog.getByRole('img', { name: 'Sent', exact: true })).toHaveCount(2);
  await expect(nikhilLog.getByRole('img', { name: 'Read', exact: true })).toHaveCount(0);

  // Meera opens the conversation: it is read, her badge clears and Nikhil's ticks turn to two.
  await meeraMessages.click();
  await expectPage(meera, 'Messages');
  const conversation = meera
    .getByRole('region', { name: 'Direct messages', exact: true })
    .getByRole('button', { name: /nikhil/ });
  await expect(conversation).toContainText('Courts at 7 am');
  await conversation.click();
  const meeraLog = meera.getByRole('log', { name: 'Chat history: nikhil', exact: true });
  await expect(meeraLog).toContainText('Hi Meera, badminton on Saturday?');
  await expect(nikhilLog.getByRole('img', { name: 'Read', exact: true })).toHaveCount(2);
  await expect(nikhilLog.getByRole('img', { name: 'Sent', exact: true })).toHaveCount(0);
  await shoot(nikhil, 'direct-thread');
  await nikhil.setViewportSize({ width: 1280, height: 900 });

  // Typing reaches the other side; the reply arrives live and is read on arrival.
  await meera.getByRole('textbox', { name: 'Message', exact: true }).pressSequentially('Yes');
  await expect(nikhil.getByText('meera is typing…')).toBeVisible();
  await meera.getByRole('textbox', { name: 'Message', exact: true }).fill('Yes! See you there');
  await meera.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(nikhilLog).toContainText('Yes! See you there');
  await expect(nikhil.getByText('meera is typing…')).toHaveCount(0);
  await expect(meeraLog.getByRole('img', { name: 'Read', exact: true })).toHaveCount(1);
  await meera.goto('/');
  await expectPage(meera, 'Sports Feed');
  await expect(meeraMessages).toHaveAccessibleName('Messages');
  await expect(meera.getByRole('link', { name: /unread/ })).toHaveCount(0);

  // Meera's connection drops; three messages sent meanwhile all show once she is back.
  await meera.goto('/messages');
  await expectPage(meera, 'Messages');
  await conversation.click();
  await expect(meeraLog).toContainText('Yes! See you there');
  const connectionsBefore = meeraSocket.connections();
  await meeraSocket.drop();
  for (const text of ['Bring a spare racket', 'And water', 'Court 3']) {
    await sendMessage(nikhil, text);
    await expect(nikhilLog).toContainText(text);
  }
  await expect(meeraLog).not.toContainText('Bring a spare racket');
  meeraSocket.restore();
  await expect.poll(() => meeraSocket.connections()).toBeGreaterThan(connectionsBefore);
  for (const text of ['Bring a spare racket', 'And water', 'Court 3']) {
    await expect(meeraLog).toContainText(text);
  }
  // What arrived while away is read in the open thread: no unread count, no notification left.
  await expect(conversation).not.toContainText('unread');
  await expect(bell).toHaveAccessibleName('Notifications');
  await shoot(meera, 'direct-caught-up');

  // The notifications page keeps the follow; read message notifications are hidden under All.
  await meera.goto('/notifications');
  await expectPage(meera, 'Notifications');
  const list = meera.getByRole('list', { name: 'Notifications', exact: true });
  await expect(list).toContainText('nikhil started following you');
  await expect(list).not.toContainText('sent you a message');
  await meera.getByRole('button', { name: 'Follows', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await shoot(meera, 'notifications-page');

  // The messages search box suggests conversations after three characters.
  await nikhil.goto('/');
  await expectPage(nikhil, 'Sports Feed');
  await nikhil.getByRole('link', { name: 'Messages', exact: true }).first().click();
  await expectPage(nikhil, 'Messages');
  const search = nikhil.getByRole('combobox', { name: 'Search conversations', exact: true });
  await search.fill('me');
  await expect(nikhil.getByRole('listbox')).toHaveCount(0);
  await search.fill('mee');
  await expect(nikhil.getByRole('option', { name: /meera/ })).toBeVisible();
  await shoot(nikhil, 'messages-search');
  await nikhil.setViewportSize({ width: 1280, height: 900 });
  await search.fill('meer');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(nikhilLog).toContainText('Court 3');
});

async function sendMessage(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

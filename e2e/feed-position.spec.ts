/**
 * The feed and a position: uday posts a Cricket game at Bengaluru and a Valorant (online) game;
 * varsha, whose browser would share a position 30 km north, opens the feed. Nothing uses the
 * position until she presses "Use my position"; then, within a radius, the Cricket game shows
 * its distance and the online game none, even at a radius that leaves Cricket out; "Nearest"
 * puts the online game under its own heading; after a reload the position is remembered.
 */
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, postGame, signUp } from './helpers.js';

// 30 km due north of Bengaluru as the offline gazetteer has it (12.97194 N, 77.59369 E).
const NORTH_30KM = { latitude: 12.97194 + 30 / 111.195, longitude: 77.59369 };
const CRICKET = 'Uday nets session';
const VALORANT = 'Uday Valorant scrims';

test('the feed uses the position only when asked, and remembers it', async ({
  browser,
  server,
}) => {
  const uday = await newPerson(browser, server.baseURL);
  await signUp(uday, server, 'uday');
  await postGame(uday, {
    sport: 'Cricket',
    players: 4,
    title: CRICKET,
    description: 'Tennis-ball nets, bring your own bat.',
    clock: '07:00',
  });
  await postGame(uday, {
    sport: 'Valorant',
    online: true,
    players: 4,
    title: VALORANT,
    description: 'Unrated scrims, mic needed.',
    clock: '21:00',
  });

  const varsha = await newPerson(browser, server.baseURL, NORTH_30KM);
  await signUp(varsha, server, 'varsha');
  const cricket = varsha.locator('article', { hasText: CRICKET });
  const valorant = varsha.locator('article', { hasText: VALORANT });

  // On load the feed has no position: every game, none with a distance.
  await expect(varsha.getByText('Upcoming games everywhere', { exact: true })).toBeVisible();
  await expect(cricket).toBeVisible();
  await expect(valorant).toBeVisible();
  await expect(cricket).not.toContainText(/\d km/);
  await expect(varsha.getByText('Using your current position', { exact: true })).toHaveCount(0);

  await varsha.getByRole('button', { name: 'Use my position', exact: true }).click();
  await expect(varsha.getByText('Using your current position', { exact: true })).toBeVisible();
  await varsha.getByLabel('Distance', { exact: true }).selectOption({ label: 'Within 50 km' });
  await expect(varsha.getByText('Games within 50 km of you', { exact: true })).toBeVisible();
  // uday shares the default 'general' location: the distance is to a 1 km grid cell's centre.
  await expect(cricket).toContainText(/(29|30)\.\d km/);
  await expect(valorant).toBeVisible();
  await expect(valorant).not.toContainText(/\d km/);

  // A radius that leaves the Cricket game out never hides the online game.
  await varsha.getByLabel('Distance', { exact: true }).selectOption({ label: 'Within 10 km' });
  await expect(varsha.getByText('Games within 10 km of you', { exact: true })).toBeVisible();
  await expect(cricket).toHaveCount(0);
  await expect(valorant).toBeVisible();

  // Nearest first: the games in range, then the online games under their own heading.
  await varsha.getByLabel('Distance', { exact: true }).selectOption({ label: 'Within 50 km' });
  await varsha.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Nearest' });
  await expect(varsha.getByRole('heading', { name: 'Online games', exact: true })).toBeVisible();
  await expect(
    varsha.locator('h2:text-is("Online games") ~ div article', { hasText: VALORANT }),
  ).toBeVisible();
  await expect(cricket).toContainText(/(29|30)\.\d km/);

  // The next visit uses the remembered position without a press.
  await varsha.reload();
  await expectPage(varsha, 'Sports Feed');
  await expect(varsha.getByText('Using your current position', { exact: true })).toBeVisible();
  await expect(varsha.getByText('Games within 25 km of you', { exact: true })).toBeVisible();
  await expect(valorant).toBeVisible();
  await expect(valorant).not.toContainText(/\d km/);
});

/**
 * Journey 1, a new creator's first session: signup → profile builder → guided tour → a contact (Contacts
 * modal) → own content (Add New Content modal) → pick own content and a match → share the match with the
 * contact until the progress reaches 100 % and resets ('All content shared! Progress has been reset.').
 *
 * A match needs 5 shares (its required_shares) and Free accounts may share 3 times a day (SPEC §9), so the
 * account is made Premium over HTTP (the simulated checkout, as journey 5 does through the UI) before its
 * profile is saved; the journey itself is about the workspace.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PASSWORD, unique, type Api } from '../support/api.ts';
import { attributeIs, message, pathIs, visible, type Journey } from '../support/browser.ts';
import { selectOwnContent, shareMatch } from '../support/workspace.ts';

const TOUR_STEPS = 13;

const sidebarEntry = (page: Page, name: string) => page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name, exact: true });

/** Walks the guided tour with Next to its last step, then Finish. */
async function completeTour(page: Page): Promise<void> {
  for (let step = 1; step <= TOUR_STEPS; step++) {
    await visible(page.getByText(`Step ${step} of ${TOUR_STEPS}`, { exact: true }));
    const button = page.getByRole('button', { name: step === TOUR_STEPS ? 'Finish' : 'Next', exact: true });
    await button.click();
  }
  await visible(message(page, 'Guided tour completed!'));
}

export async function creatorJourney(journey: Journey, api: Api): Promise<void> {
  const username = unique('e2e-new').slice(0, 32);
  const email = `${username}@e2e.example.com`;
  const contactName = 'Dana Contact';
  const contentTitle = `My first tutorial ${unique('j1')}`;
  const page = await journey.newPage();

  // Signup.
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await visible(message(page, 'Signup successful! Redirecting...'));
  await pathIs(page, '/app/profile-builder');

  const session = await api.login(username, PASSWORD);
  await api.upgradeToPremium({ ...session, username, email, password: PASSWORD });

  // Profile builder: basic info, then interests.
  await page.getByLabel('Name').fill('Nova Newcomer');
  await page.getByLabel('Bio').fill('Writes beginner-friendly web development tutorials.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'Technology' }).check();
  await page.getByRole('checkbox', { name: 'Web Development' }).check();
  await page.getByLabel('Main content type').selectOption('article');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await pathIs(page, '/app/home');

  // The guided tour starts for the new account.
  await completeTour(page);

  // A contact, through the Contacts modal.
  await sidebarEntry(page, 'Contacts').click();
  const contacts = await visible(page.getByRole('dialog', { name: 'Contacts' }));
  await contacts.getByRole('tab', { name: 'Add Contact' }).click();
  const contactForm = contacts.getByRole('form', { name: 'Add contact' });
  await contactForm.getByLabel('Name').fill(contactName);
  await contactForm.getByLabel('Email').fill(`${unique('dana')}@e2e.example.com`);
  await contactForm.getByRole('button', { name: 'Add Contact' }).click();
  await visible(message(page, 'Contact added successfully!'));
  await contacts.getByRole('tab', { name: 'View Contacts' }).click();
  await visible(contacts.getByRole('cell', { name: contactName }));
  await page.keyboard.press('Escape');
  await contacts.waitFor({ state: 'detached' });

  // Own content, through the Add New Content modal.
  await sidebarEntry(page, 'Add content').click();
  const addContent = await visible(page.getByRole('dialog', { name: 'Add New Content' }));
  await addContent.getByLabel('Title').fill(contentTitle);
  await addContent.getByLabel('URL').fill(`https://example.com/e2e/${encodeURIComponent(contentTitle)}`);
  await addContent.getByLabel(/^Description/).fill('CSS grid from zero, with exercises.');
  await addContent.getByLabel('Content type').selectOption('article');
  await addContent.getByRole('checkbox', { name: 'Technology' }).check();
  await addContent.getByRole('button', { name: 'Add Content' }).click();
  await visible(message(page, 'Content added successfully!'));
  await addContent.waitFor({ state: 'detached' });

  // Step 2: choose the new content; step 1: pick the first match.
  await selectOwnContent(page, contentTitle);
  const match = await visible(page.getByRole('list', { name: 'Matched content' }).getByRole('listitem').filter({ has: page.getByRole('heading') }));
  const matchTitle = (await match.getByRole('heading').first().textContent())?.trim();
  assert.ok(matchTitle, 'the match has a title');
  // A click on the card body toggles it (SPEC §2); the card's select button shows the selection.
  const select = match.getByRole('button', { name: `Select ${matchTitle}`, exact: true });
  await attributeIs(select, 'aria-pressed', 'false');
  await match.getByText(/^\d+ shares?$/).click();
  await attributeIs(select, 'aria-pressed', 'true');

  // Step 3: share the match until its required shares are reached. A share counts once per content and
  // newly reached contact (docs/exchange.md), so each share goes to another contact.
  const more = ['Eli Contact', 'Fay Contact', 'Gil Contact', 'Hal Contact'];
  for (const name of more) await api.addContact({ ...session, username, email, password: PASSWORD }, name, `${unique(name.split(' ')[0]!.toLowerCase())}@e2e.example.com`);
  const progress = page.getByRole('progressbar', { name: 'Sharing progress' });
  await attributeIs(progress, 'aria-valuenow', '0');
  for (const [i, percent] of ['20', '40', '60', '80'].entries()) {
    await shareMatch(page, matchTitle, i === 0 ? contactName : more[i - 1]!);
    await attributeIs(progress, 'aria-valuenow', percent);
  }
  await shareMatch(page, matchTitle, more[3]!);
  await visible(message(page, 'All content shared! Progress has been reset.'));
  await attributeIs(progress, 'aria-valuenow', '0');
  await journey.screenshot(page);
}

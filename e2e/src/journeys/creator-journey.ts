/**
 * Journey 1, a new creator's first session: signup → profile builder → guided tour → a contact (Contacts
 * modal) → own content (Add New Content modal) → pick own content and a match → share the match with the
 * contact until the progress reaches 100 % and resets ('All content shared! Progress has been reset.').
 * At 1366×768 (issue 24 item 5, measured with boxes): each share gives one toast, the reset included, and
 * no toast covers step 3's Share button or the share dialog's controls.
 *
 * A match needs 5 shares (its required_shares) and Free accounts may share 3 times a day (SPEC §9), so the
 * account is made Premium over HTTP (the simulated checkout, as journey 5 does through the UI) before its
 * profile is saved; the journey itself is about the workspace.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { PASSWORD, unique, type Api } from '../support/api.ts';
import { attributeIs, message, pathIs, visible, type Journey } from '../support/browser.ts';
import { selectOwnContent } from '../support/workspace.ts';
import { closeToasts, settledToastCount, toasts } from '../support/toasts.ts';

const DESKTOP = { width: 1366, height: 768 };

const TOUR_STEPS = 13;

const sidebarEntry = (page: Page, name: string) => page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name, exact: true });

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No toast on the screen covers any of `controls`. */
async function expectUncovered(page: Page, controls: [string, Locator][]): Promise<void> {
  for (const toast of await toasts(page).all()) {
    const toastBox = await toast.boundingBox();
    if (!toastBox) continue;
    for (const [name, control] of controls) {
      const box = await control.boundingBox();
      assert.ok(box, `${name} has no box`);
      assert.ok(!intersects(toastBox, box), `a toast ${JSON.stringify(toastBox)} covers ${name} ${JSON.stringify(box)}`);
    }
  }
}

/**
 * Step 3: shares the match with one contact through the Share content modal. The last share's toast, still up,
 * covers neither the Share button nor the dialog's controls; this share gives one toast.
 */
async function shareMatch(page: Page, title: string, contactName: string): Promise<void> {
  const open = page.getByRole('button', { name: `Share ${title}` });
  await expectUncovered(page, [[`Share ${title}`, open]]);
  await open.click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Share content' }));
  const contact = dialog.getByRole('checkbox', { name: new RegExp(contactName) });
  await contact.check();
  const share = dialog.getByRole('button', { name: 'Share', exact: true });
  await expectUncovered(page, [
    [contactName, contact],
    ['Share', share],
    ['Cancel', dialog.getByRole('button', { name: 'Cancel', exact: true })],
    ['Close', dialog.getByRole('button', { name: 'Close', exact: true })],
  ]);
  // The earlier toasts go, so that this share's can be counted.
  await closeToasts(page);
  await share.click();
  await visible(message(page, 'Content shared successfully!'));
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await settledToastCount(page), 1, `one share gave these toasts: ${JSON.stringify(await toasts(page).allTextContents())}`);
}

/** Walks the guided tour with Next to its last step, then Finish. */
async function completeTour(page: Page): Promise<void> {
  for (let step = 1; step <= TOUR_STEPS; step++) {
    // The button of this step's tooltip, not of the one before it while that one goes.
    const tooltip = await visible(page.getByRole('alertdialog').filter({ hasText: `Step ${step} of ${TOUR_STEPS}` }));
    await tooltip.getByRole('button', { name: step === TOUR_STEPS ? 'Finish' : 'Next', exact: true }).click();
  }
  await visible(message(page, 'Guided tour completed!'));
}

export async function creatorJourney(journey: Journey, api: Api): Promise<void> {
  const username = unique('e2e-new').slice(0, 32);
  const email = `${username}@e2e.example.com`;
  const contactName = 'Dana Contact';
  const contentTitle = `My first tutorial ${unique('j1')}`;
  const page = await journey.newPage({ viewport: DESKTOP });

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
  // The toasts of the steps before would have gone by now (see closeToasts); each share's stays up for the next.
  await closeToasts(page);
  for (const [i, percent] of ['20', '40', '60', '80'].entries()) {
    await shareMatch(page, matchTitle, i === 0 ? contactName : more[i - 1]!);
    await attributeIs(progress, 'aria-valuenow', percent);
  }
  // The share that reaches 100 % gives one toast too: the reset is said in step 3, under the progress.
  await shareMatch(page, matchTitle, more[3]!);
  const resetNotice = page.getByRole('region', { name: /^Step 3:/ }).getByText('All content shared! Progress has been reset.', { exact: true });
  await visible(resetNotice);
  await attributeIs(progress, 'aria-valuenow', '0');
  await journey.screenshot(page);
  // A one-time message goes away by itself (issue 24 item 4): it stayed in step 3 for good before.
  await resetNotice.waitFor({ state: 'detached', timeout: 15_000 });
}

/**
 * Journey 17, contacts from an e-mail tool (docs/features/contact-import.md). Nia picks her Mailchimp export in the
 * Contacts modal's bulk upload: the preview finds the e-mail and name columns and counts who is new and who
 * unsubscribed; she switches the name to the first name only, the preview follows, and she imports. In View
 * Contacts the people who unsubscribed in Mailchimp are marked Unsubscribed, and her names are first names.
 */
import { unique, type Api } from '../support/api.ts';
import { loginViaUi, message, visible, type Journey } from '../support/browser.ts';

const HEADER =
  'Email Address,First Name,Last Name,Address,Phone Number,Birthday,MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LATITUDE,LONGITUDE,GMTOFF,DSTOFF,TIMEZONE,CC,REGION,UNSUB_TIME,UNSUB_CAMPAIGN_TITLE,UNSUB_CAMPAIGN_ID,UNSUB_REASON,UNSUB_REASON_OTHER,LEID,EUID,NOTES,TAGS';

const PEOPLE = [
  { first: 'Olu', last: 'Adeyemi', unsubscribed: false },
  { first: 'Maren', last: 'Lund', unsubscribed: true },
  { first: 'Tomas', last: 'Novak', unsubscribed: false },
  { first: 'Keiko', last: 'Sato', unsubscribed: true },
];

export async function contactImportJourney(journey: Journey, api: Api): Promise<void> {
  const nia = await api.signUp('e2e-nia', { name: 'Nia Import', bio: 'Writes a weekly letter.', categories: ['education'], interests: ['Learning'], content_type: 'article' });
  const tag = unique('j17');
  const emails = PEOPLE.map((person) => `${person.first.toLowerCase()}.${tag}@inbox-mail.net`);
  const rows = PEOPLE.map((person, i) =>
    [emails[i], person.first, person.last, '', '', '', '2', '2025-03-01 10:00:00', '', '2025-03-01 10:01:00', '', '', '', '', '', '', 'US', '', person.unsubscribed ? '2026-10-02 09:15:00' : '', person.unsubscribed ? 'October letter' : '', '', '', '', String(1000 + i), `e${i}`, '', '"Weekly"'].join(','),
  );
  const csv = [HEADER, ...rows].join('\r\n') + '\r\n';

  const page = await journey.newPage({ tourDoneFor: [nia.user.id] });
  await loginViaUi(page, nia.username, nia.password);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: 'Contacts', exact: true }).click();
  const contacts = await visible(page.getByRole('dialog', { name: 'Contacts' }));
  await contacts.getByRole('switch', { name: 'Bulk upload' }).check();
  await contacts.getByLabel('Contacts file (.csv or .json)').setInputFiles({ name: 'unsubscribed_members_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The preview: the columns found, the counts, the rows as they would be stored.
  const counts = await visible(contacts.getByRole('list', { name: 'What the import would do' }));
  await visible(counts.getByText('4 new (2 suppressed \u2014 never e-mailed)'));
  const emailColumn = contacts.getByLabel('E-mail column', { exact: true });
  if ((await emailColumn.inputValue()) !== 'Email Address') throw new Error(`the e-mail column shown is ${await emailColumn.inputValue()}`);
  const preview = contacts.getByRole('table', { name: 'The first rows as they would be imported' });
  await visible(preview.getByText('Olu Adeyemi', { exact: true }));
  await journey.screenshot(page, '-preview');

  // First names only: the preview follows.
  await contacts.getByLabel('Name', { exact: true }).selectOption({ label: 'First Name' });
  await visible(preview.getByText('Olu', { exact: true }));
  await contacts.getByRole('button', { name: 'Import 4 contacts' }).click();
  await visible(message(page, 'Contacts uploaded successfully!'));

  // View Contacts: the unsubscribed people are marked, the names are first names.
  await contacts.getByRole('tab', { name: 'View Contacts' }).click();
  for (const [i, person] of PEOPLE.entries()) {
    const row = contacts.getByRole('row').filter({ hasText: emails[i]! });
    await visible(row.getByText(person.first, { exact: true }));
    const marked = await row.getByText('Unsubscribed', { exact: true }).count();
    if (marked !== (person.unsubscribed ? 1 : 0)) throw new Error(`${person.first}: ${marked ? 'marked' : 'not marked'} Unsubscribed`);
  }
  await journey.screenshot(page, '-view-contacts');
}

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ListStatus } from '@crossfeed/domain/contacts/contact.events.ts';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { CONTACT_FILE_MAX_ROWS } from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { contactRowProblem } from '@crossfeed/domain/contacts/contacts.decider.ts';
import { isThrowawayAddress } from '@crossfeed/domain/rules/share-credit.ts';
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { CONTACT_FILE_MESSAGES, nameFromAddress, openContactFile, type ContactFileReader, type ImportRow } from './contact-file-reader.ts';

const fixture = (name: string) => ({ originalname: name, buffer: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)) });
const csv = (text: string, originalname = 'contacts.csv') => ({ originalname, buffer: Buffer.from(text) });
const json = (value: unknown) => ({ originalname: 'contacts.json', buffer: Buffer.from(JSON.stringify(value)) });

async function allRows(reader: ContactFileReader, batchSize?: number): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for await (const batch of reader.batches(batchSize)) rows.push(...batch);
  return rows;
}

/** Rows as [name, email, listStatus], numbered 1, 2, ... */
const expectRows = (rows: ImportRow[], expected: [string, string, ListStatus | null][]) =>
  assert.deepEqual(
    rows,
    expected.map(([name, email, listStatus], i) => ({ row: i + 1, name, email, listStatus })),
  );

const refusal = (message: string) => (error: unknown) => {
  assert.ok(error instanceof ValidationError, String(error));
  assert.equal(error.message, message);
  return true;
};

const FIXTURES: Record<string, { mapping: { email: string; name: string[]; status: string[] }; rows: [string, string, ListStatus | null][] }> = {
  'mailchimp-subscribed.csv': {
    mapping: { email: 'Email Address', name: ['First Name', 'Last Name'], status: [] },
    rows: [
      ['Ada Lovelace', 'ada.lovelace@example.org', null],
      ['Grace Hopper', 'grace.hopper@inbox-mail.net', null],
      ['Tomáš Novák', 'tomas.novak@example.net', null],
      ['Priya Raman', 'priya.raman@example.org', null],
      ['J Smith', 'j_smith42@example.net', null],
      ['Wei Li', 'li.wei@inbox-mail.net', null],
    ],
  },
  'mailchimp-unsubscribed.csv': {
    mapping: { email: 'Email Address', name: ['First Name', 'Last Name'], status: ['UNSUB_TIME'] },
    rows: [
      ['Henrik Larsen', 'henrik.larsen@example.org', 'unsubscribed'],
      ['María González', 'maria.gonzalez@inbox-mail.net', 'unsubscribed'],
      ['Unsubscribed Reader', 'unsubscribed.reader@example.net', 'unsubscribed'],
    ],
  },
  'mailchimp-cleaned.csv': {
    mapping: { email: 'Email Address', name: ['First Name', 'Last Name'], status: ['CLEAN_TIME'] },
    rows: [
      ['Oliver Bennett', 'old.address@example.org', 'bounced'],
      ['Nadia Haddad', 'nadia.haddad@inbox-mail.net', 'bounced'],
    ],
  },
  'substack.csv': {
    mapping: { email: 'email', name: [], status: ['email_disabled'] },
    rows: [
      ['Marguerite Duras', 'marguerite.duras@example.org', null],
      ['Kwame Mensah', 'kwame_mensah@inbox-mail.net', null],
      ['Ole Gunnar', 'ole-gunnar@example.net', null],
      ['Reader', 'reader2024@example.org', 'suppressed'],
      ['S Okafor', 's.okafor@example.net', null],
    ],
  },
  'kit.csv': {
    mapping: { email: 'email_address', name: ['first_name'], status: ['state'] },
    rows: [
      ['Ines', 'ines.ferreira@example.org', null],
      ['Yusuf', 'yusuf.demir@inbox-mail.net', null],
      ['Chloe', 'chloe.martin@example.net', 'unsubscribed'],
      ['Bounced Box', 'bounced.box@example.org', 'bounced'],
      ['Pavel', 'pavel.sokolov@example.net', 'bounced'],
      ['Amara', 'amara.obi@inbox-mail.net', 'suppressed'],
    ],
  },
  'beehiiv.csv': {
    mapping: { email: 'email', name: [], status: ['status'] },
    rows: [
      ['Hana Sato', 'hana.sato@example.org', null],
      ['Diego Alvarez', 'diego.alvarez@example.net', null],
      ['Fatima Zahra', 'fatima.zahra@inbox-mail.net', 'suppressed'],
      ['Leo Schmidt', 'leo.schmidt@example.org', 'unsubscribed'],
      ['Rosa Conti', 'rosa.conti@example.net', null],
    ],
  },
  'ghost.csv': {
    mapping: { email: 'email', name: ['name'], status: ['subscribed_to_emails'] },
    rows: [
      ['Elena Petrova', 'elena.petrova@example.org', null],
      ['Samuel Osei', 'samuel.osei@inbox-mail.net', null],
      ['Claire Dubois', 'claire.dubois@example.net', 'unsubscribed'],
      ['Anon Reader', 'anon.reader@example.org', null],
      ['Kenji Watanabe', 'kenji.watanabe@example.net', null],
    ],
  },
  'google-contacts.csv': {
    mapping: { email: 'E-mail 1 - Value', name: ['First Name', 'Middle Name', 'Last Name'], status: [] },
    rows: [
      ['Rahel Tsegaye Bekele', 'rahel.bekele@example.org', null],
      ['Marcus Lindqvist', 'marcus@lindqvist-design.example.net', null],
      ['Sofía', 'sofia.reyes@inbox-mail.net', null],
      ['Noname Contact', 'noname.contact@example.org', null],
    ],
  },
  'outlook.csv': {
    mapping: { email: 'E-mail Address', name: ['First Name', 'Middle Name', 'Last Name'], status: [] },
    rows: [
      ["Catherine Anne O'Brien", 'catherine.obrien@example.org', null],
      ['Jürgen Weiß', 'juergen.weiss@inbox-mail.net', null],
      ['Aiyana Whitehorse', 'aiyana.whitehorse@example.net', null],
      ['Mei Ling Chen', 'mei.chen@example.org', null],
    ],
  },
  'semicolon-bom.csv': {
    mapping: { email: 'E-Mail', name: ['Name'], status: [] },
    rows: [
      ['Zoë Müller', 'zoe.mueller@example.org', null],
      ['Núñez, Inés', 'ines.nunez@example.net', null],
      ['François Lefèvre', 'francois.lefevre@inbox-mail.net', null],
    ],
  },
};

describe('the exports of e-mail tools (fixtures)', () => {
  for (const [file, expected] of Object.entries(FIXTURES)) {
    test(`${file} opens with its columns found and yields its people`, async () => {
      const reader = await openContactFile(fixture(file));
      assert.equal(reader.format, 'csv');
      assert.deepEqual(reader.mapping, expected.mapping);
      expectRows(await allRows(reader), expected.rows);
    });
  }

  test('every fixture person is valid, deliverable-looking and in one fixture only', () => {
    const mailboxes = new Set<string>();
    for (const { rows } of Object.values(FIXTURES)) {
      for (const [name, email] of rows) {
        assert.equal(contactRowProblem(name, email), null, email);
        assert.equal(isThrowawayAddress(email), false, email);
        assert.ok(!mailboxes.has(normalizedEmail(email)), email);
        mailboxes.add(normalizedEmail(email));
      }
    }
  });

  test('the counts of fixtures/README.md are what the files hold', async () => {
    const readme = readFileSync(new URL('./fixtures/README.md', import.meta.url), 'utf8');
    const lines = readme.split('\n').filter((line) => line.startsWith('| `'));
    assert.deepEqual(lines.map((line) => line.split('`')[1]).sort(), Object.keys(FIXTURES).sort());
    for (const line of lines) {
      const [file, , ...numbers] = line.split('|').slice(1, -1).map((cell) => cell.trim());
      const rows = await allRows(await openContactFile(fixture(file!.replaceAll('`', ''))));
      const invalid = rows.filter((row) => contactRowProblem(row.name, row.email) !== null);
      const valid = rows.filter((row) => !invalid.includes(row));
      const counted = (status: ListStatus | null) => rows.filter((row) => row.listStatus === status).length;
      const expected = [rows.length, counted(null), counted('unsubscribed'), counted('bounced'), counted('suppressed'), invalid.length];
      assert.deepEqual(numbers.map(Number), [...expected, valid.length, valid.filter((row) => row.listStatus).length], file);
    }
  });

  test('columns are the header as written', async () => {
    const reader = await openContactFile(fixture('kit.csv'));
    assert.deepEqual(reader.columns, ['first_name', 'email_address', 'state', 'created_at']);
    assert.equal((await openContactFile(fixture('outlook.csv'))).columns.length, 61);
  });
});

describe('text encodings', () => {
  const text = 'Name,Email\nZoë Müller,zoe@example.org\nJürgen 😀,j@example.net\n';
  const expected: [string, string, null][] = [
    ['Zoë Müller', 'zoe@example.org', null],
    ['Jürgen 😀', 'j@example.net', null],
  ];
  const utf16le = Buffer.from(text, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();

  const cases: Record<string, Buffer> = {
    'UTF-8': Buffer.from(text),
    'UTF-8 with a BOM': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    'UTF-16 LE with a BOM': Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le]),
    'UTF-16 BE with a BOM': Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]),
    'UTF-16 LE without a BOM': utf16le,
  };
  for (const [encoding, buffer] of Object.entries(cases)) {
    test(`reads ${encoding}`, async () => {
      const reader = await openContactFile({ originalname: 'contacts.csv', buffer });
      assert.deepEqual(reader.columns, ['Name', 'Email']);
      expectRows(await allRows(reader), expected);
    });
  }

  test('decodes a character split across slices of the file', async () => {
    // 'é' (two bytes in UTF-8) straddles the 64 KiB boundary.
    const padding = 'a'.repeat(64 * 1024 - 'Name,Email\n'.length - 1);
    const reader = await openContactFile(csv(`Name,Email\n${padding}é,x@example.org\n`));
    const [row] = await allRows(reader);
    assert.equal(row?.name, `${padding}é`);
  });

  test('refuses bytes that are not UTF-8 or UTF-16 text', async () => {
    const latin1 = Buffer.from('Name,Email\nZo\xeb,zoe@example.org\n', 'latin1');
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    const oddUtf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le, Buffer.from([0x41])]);
    for (const buffer of [latin1, zip, oddUtf16]) {
      await assert.rejects(openContactFile({ originalname: 'contacts.csv', buffer }), refusal(CONTACT_FILE_MESSAGES.notText));
    }
  });
});

describe('separators', () => {
  const people: [string, string, null][] = [
    ['Ada Lovelace', 'ada@example.org', null],
    ['Grace Hopper', 'grace@example.net', null],
  ];
  for (const [label, separator] of [
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', '\t'],
  ] as const) {
    test(`finds a ${label} from the header`, async () => {
      const text = ['Name', 'Email', ...people.flatMap(([name, email]) => [name, email])];
      const lines = [0, 2, 4].map((i) => `${text[i]}${separator}${text[i + 1]}`);
      expectRows(await allRows(await openContactFile(csv(`${lines.join('\r\n')}\r\n`))), people);
    });
  }

  test('counts separators outside quotes only', async () => {
    const reader = await openContactFile(csv('"Notes; more; notes; here",Name,Email\n"a;b;c;d",Ada Lovelace,ada@example.org\n'));
    assert.deepEqual(reader.columns, ['Notes; more; notes; here', 'Name', 'Email']);
    expectRows(await allRows(reader), [['Ada Lovelace', 'ada@example.org', null]]);
  });

  test('reads a one-column file and skips blank lines and empty records', async () => {
    const reader = await openContactFile(csv('\n\nemail\n\nada.lovelace@example.org\n,\n  \ngrace@example.net\n'));
    expectRows(await allRows(reader), [
      ['Ada Lovelace', 'ada.lovelace@example.org', null],
      ['Grace', 'grace@example.net', null],
    ]);
  });

  test('gives short rows empty cells and keeps an invalid address as written', async () => {
    const reader = await openContactFile(csv('Email,First Name,Last Name\n  not an address  ,Ada\n'));
    expectRows(await allRows(reader), [['Ada', 'not an address', null]]);
  });
});

describe('a mapping chosen by the creator', () => {
  test('takes the name from another column', async () => {
    const reader = await openContactFile(fixture('mailchimp-subscribed.csv'), { email: 'Email Address', name: ['Last Name'] });
    assert.deepEqual(reader.mapping, { email: 'Email Address', name: ['Last Name'], status: [] });
    const names = (await allRows(reader)).map((row) => row.name);
    assert.deepEqual(names, ['Lovelace', 'Hopper', 'Novák', 'Raman', 'J Smith', 'Li']);
  });

  test('makes every name from its address with no name column, keeping the status columns', async () => {
    const reader = await openContactFile(fixture('mailchimp-unsubscribed.csv'), { email: 'Email Address', name: [] });
    expectRows(await allRows(reader), [
      ['Henrik Larsen', 'henrik.larsen@example.org', 'unsubscribed'],
      ['Maria Gonzalez', 'maria.gonzalez@inbox-mail.net', 'unsubscribed'],
      ['Unsubscribed Reader', 'unsubscribed.reader@example.net', 'unsubscribed'],
    ]);
  });

  test('reads a file whose e-mail column has a name no tool uses', async () => {
    const file = csv('Kontakt;Adresse\nAda;ada@example.org\n');
    await assert.rejects(openContactFile(file), refusal('No e-mail column found. The columns are: Kontakt, Adresse.'));
    expectRows(await allRows(await openContactFile(file, { email: 'Adresse', name: ['Kontakt'] })), [['Ada', 'ada@example.org', null]]);
  });

  test('refuses a column the file does not have (400)', async () => {
    await assert.rejects(
      openContactFile(fixture('substack.csv'), { email: 'email', name: ['name'] }),
      refusal('The file has no column "name". The columns are: email, active_subscription, expiry, plan, email_disabled, created_at.'),
    );
  });
});

describe('refusals', () => {
  test('no file', async () => {
    await assert.rejects(openContactFile(undefined), refusal(MESSAGES.fileRequired));
  });

  test('another extension; the extension in any case is accepted', async () => {
    await assert.rejects(openContactFile(csv('email\na@example.org\n', 'contacts.xlsx')), refusal(CONTACT_FILE_MESSAGES.wrongType));
    await assert.rejects(openContactFile(csv('email\na@example.org\n', 'csv')), refusal(CONTACT_FILE_MESSAGES.wrongType));
    assert.equal((await openContactFile(csv('email\na@example.org\n', 'CONTACTS.CSV'))).format, 'csv');
  });

  test('no e-mail column, naming at most 20 of the columns found', async () => {
    await assert.rejects(openContactFile(csv('Name,Phone\nAda,123\n')), refusal('No e-mail column found. The columns are: Name, Phone.'));
    const columns = Array.from({ length: 25 }, (_, i) => `Field ${i + 1}`);
    await assert.rejects(
      openContactFile(csv(`${columns.join(',')}\n${columns.map(() => 'x').join(',')}\n`)),
      refusal(`No e-mail column found. The columns are: ${columns.slice(0, 20).join(', ')}, ....`),
    );
  });

  test('no contacts', async () => {
    for (const text of ['', ' \r\n', 'Name,Email\n', 'Name,Email\n\n,\n']) {
      await assert.rejects(openContactFile(csv(text)), refusal(CONTACT_FILE_MESSAGES.empty));
    }
  });

  test('a malformed CSV, found on opening or while reading', async () => {
    await assert.rejects(openContactFile(csv('email\n"a@example.org\n')), (error: unknown) => {
      assert.ok(error instanceof ValidationError);
      assert.match(error.message, /^Invalid CSV file: Quote Not Closed/);
      return true;
    });
    // Past the first slice of the file, which opening reads.
    const valid = Array.from({ length: 5000 }, (_, i) => `p${i}@example.org`).join('\n');
    const reader = await openContactFile(csv(`email\n${valid}\n"c"@example.org\n`));
    await assert.rejects(allRows(reader), (error: unknown) => {
      assert.ok(error instanceof ValidationError);
      assert.match(error.message, /^Invalid CSV file: Invalid Closing Quote/);
      return true;
    });
  });

  test(`more than ${CONTACT_FILE_MAX_ROWS} rows, found while reading`, async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `p${i}@example.org`).join('\n');
    const atLimit = await openContactFile(csv(`email\n${lines(CONTACT_FILE_MAX_ROWS)}\n`));
    assert.equal((await allRows(atLimit)).length, CONTACT_FILE_MAX_ROWS);
    const over = await openContactFile(csv(`email\n${lines(CONTACT_FILE_MAX_ROWS + 1)}\n`));
    await assert.rejects(allRows(over), refusal(CONTACT_FILE_MESSAGES.tooManyRows));
  });
});

describe('JSON files', () => {
  test('the old shape [{ name, email }] still works', async () => {
    const reader = await openContactFile(json([{ name: 'Ada Lovelace', email: 'ada@example.org' }, { name: '', email: 'grace.hopper@example.net' }]));
    assert.equal(reader.format, 'json');
    assert.deepEqual(reader.mapping, { email: 'email', name: ['name'], status: [] });
    expectRows(await allRows(reader), [
      ['Ada Lovelace', 'ada@example.org', null],
      ['Grace Hopper', 'grace.hopper@example.net', null],
    ]);
  });

  test('finds the columns among the keys of all objects, in first-seen order, like a CSV header', async () => {
    const reader = await openContactFile(
      json([
        { 'Email Address': 'ada@example.org', 'First Name': 'Ada', status: 'active' },
        { 'Email Address': ' grace@example.net ', 'First Name': 'Grace', 'Last Name': 'Hopper', status: 'Unsubscribed' },
        { 'Email Address': 42, 'First Name': { nested: true }, 'Last Name': null, status: ['bounced'] },
      ]),
    );
    assert.deepEqual(reader.columns, ['Email Address', 'First Name', 'status', 'Last Name']);
    assert.deepEqual(reader.mapping, { email: 'Email Address', name: ['First Name', 'Last Name'], status: ['status'] });
    expectRows(await allRows(reader), [
      ['Ada', 'ada@example.org', null],
      ['Grace Hopper', 'grace@example.net', 'unsubscribed'],
      ['42', '42', null],
    ]);
  });

  test('refuses what is not an array of objects', async () => {
    await assert.rejects(openContactFile(json({ email: 'a@example.org' })), refusal(CONTACT_FILE_MESSAGES.jsonShape));
    await assert.rejects(openContactFile(json([{ email: 'a@example.org' }, 'b@example.org'])), refusal(`${CONTACT_FILE_MESSAGES.jsonShape} Row 2 is not an object.`));
    await assert.rejects(openContactFile(json([])), refusal(CONTACT_FILE_MESSAGES.empty));
    await assert.rejects(openContactFile({ originalname: 'c.json', buffer: Buffer.from('[{"email": ') }), (error: unknown) => {
      assert.ok(error instanceof ValidationError);
      assert.match(error.message, /^Invalid JSON file: /);
      return true;
    });
    await assert.rejects(openContactFile(json([{ name: 'Ada' }])), refusal('No e-mail column found. The columns are: name.'));
  });

  test(`refuses more than ${CONTACT_FILE_MAX_ROWS} objects on opening`, async () => {
    const objects = Array.from({ length: CONTACT_FILE_MAX_ROWS + 1 }, (_, i) => ({ email: `p${i}@example.org` }));
    await assert.rejects(openContactFile(json(objects)), refusal(CONTACT_FILE_MESSAGES.tooManyRows));
  });
});

test('nameFromAddress makes a name of the local part', () => {
  assert.equal(nameFromAddress('ada.lovelace@x.org'), 'Ada Lovelace');
  assert.equal(nameFromAddress('j_smith42@x'), 'J Smith');
  assert.equal(nameFromAddress('ada-byron+newsletter@x.org'), 'Ada Byron');
  assert.equal(nameFromAddress('élodie.brûlé@x.org'), 'Élodie Brûlé');
  assert.equal(nameFromAddress('  grace@x.org '), 'Grace');
  assert.equal(nameFromAddress('2024@x.org'), '2024');
  assert.equal(nameFromAddress('+news@x.org'), '+news');
  assert.equal(nameFromAddress('not an address'), 'Not an address');
  assert.equal(nameFromAddress(''), '');
  assert.equal(nameFromAddress(`${'a'.repeat(150)}@x.org`).length, 100);
  // A cut never leaves half of an emoji.
  assert.equal(nameFromAddress(`${'a'.repeat(99)}😀@x.org`), `A${'a'.repeat(98)}`);
});

test('a Mailchimp-shaped file of the most rows allowed streams in batches, giving the event loop turns between them', async (t) => {
  const rows = Math.min(50_000, CONTACT_FILE_MAX_ROWS);
  const header = readFileSync(new URL('./fixtures/mailchimp-subscribed.csv', import.meta.url), 'utf8').split('\n')[0];
  const line = (i: number) =>
    `person${i}.surname@inbox-mail.net,First${i},Last${i},"12 Some Street  Springfield  OR  97477  US","+1 555 0100",01/02,2,"2023-01-15 10:22:31",203.0.113.5,"2023-01-15 10:23:00",203.0.113.5,44.0462,-123.0220,-8,-7,America/Los_Angeles,US,OR,"2024-02-01 08:00:00",${100000 + i},abcdef${i},"A note of some length about this person, ${'x'.repeat(200)}","""Newsletter"""`;
  const reader = await openContactFile(csv(`${header}\n${Array.from({ length: rows }, (_, i) => line(i)).join('\n')}\n`));

  // A ticker on setImmediate: it runs only when the event loop gets a turn, and measures the longest stretch
  // without one, in time and in this thread's CPU time (which other processes on the machine do not inflate).
  let ticks = 0;
  let last = { time: performance.now(), cpu: process.threadCpuUsage() };
  let longest = { time: 0, cpu: 0 };
  let ticking = true;
  const tick = () => {
    const now = { time: performance.now(), cpu: process.threadCpuUsage() };
    const cpu = (now.cpu.user + now.cpu.system - last.cpu.user - last.cpu.system) / 1000;
    longest = { time: Math.max(longest.time, now.time - last.time), cpu: Math.max(longest.cpu, cpu) };
    last = now;
    ticks++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);

  const ticksAtBatch: number[] = [];
  let count = 0;
  try {
    for await (const batch of reader.batches()) {
      assert.ok(batch.length > 0 && batch.length <= 1000);
      assert.equal(batch[0]?.row, count + 1);
      count += batch.length;
      ticksAtBatch.push(ticks);
    }
  } finally {
    ticking = false;
  }
  assert.equal(count, rows);
  assert.equal(ticksAtBatch.length, Math.ceil(rows / 1000));
  if (rows >= 50_000) assert.ok(ticksAtBatch.length > 10);
  for (let i = 1; i < ticksAtBatch.length; i++) assert.ok(ticksAtBatch[i]! > ticksAtBatch[i - 1]!, `no turn of the event loop before batch ${i + 1}`);
  t.diagnostic(`${rows} rows, ${ticksAtBatch.length} batches, longest stretch without a turn of the event loop: ${longest.time.toFixed(1)} ms (${longest.cpu.toFixed(1)} ms of CPU)`);
});

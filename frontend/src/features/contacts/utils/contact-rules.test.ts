import { describe, expect, it } from 'vitest';
import {
  CONTACT_FILE_ACCEPT,
  contactScore,
  formatScore,
  validateContact,
  validateContactFile,
} from './contact-rules';

const file = (name: string) => new File(['name,email\n'], name);

describe('contact rules', () => {
  it('requires a name of at most 100 characters after trimming, and a valid email', () => {
    expect(validateContact('Ada', 'ada@example.com')).toBeNull();
    expect(validateContact('   ', 'ada@example.com')).toBe('Name is required.');
    expect(validateContact('x'.repeat(100), 'ada@example.com')).toBeNull();
    expect(validateContact(` ${'x'.repeat(100)} `, 'ada@example.com')).toBeNull();
    expect(validateContact('x'.repeat(101), 'ada@example.com')).toBe('Name is longer than 100 characters.');
    expect(validateContact('Ada', '')).toBe('Please enter a valid email address.');
    expect(validateContact('Ada', 'ada@example')).toBe('Please enter a valid email address.');
    expect(validateContact('Ada', ' ada@example.com ')).toBeNull();
  });

  it('accepts only a .csv or .json file', () => {
    expect(CONTACT_FILE_ACCEPT).toBe('.csv,.json');
    expect(validateContactFile(file('contacts.csv'))).toBeNull();
    expect(validateContactFile(file('CONTACTS.JSON'))).toBeNull();
    expect(validateContactFile(file('contacts.txt'))).toBe('Please select a file to upload.');
    expect(validateContactFile(null)).toBe('Please select a file to upload.');
  });

  it('reads and formats the score', () => {
    expect(contactScore(null)).toBeNull();
    expect(contactScore(Number.NaN)).toBeNull();
    expect(contactScore(0)).toBe(0);
    expect(formatScore(72)).toBe('72');
    expect(formatScore(72.46)).toBe('72.5');
  });
});

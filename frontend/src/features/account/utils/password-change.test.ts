import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './password-change';

describe('validatePasswordChange', () => {
  it("requires all three fields: 'Please fill in all required fields.'", () => {
    for (const [current, next, confirmation] of [
      ['', 'N3w!Password', 'N3w!Password'],
      ['Old!Pass1', '', 'N3w!Password'],
      ['Old!Pass1', 'N3w!Password', ''],
    ]) {
      expect(validatePasswordChange(current!, next!, confirmation!)).toBe('Please fill in all required fields.');
    }
  });

  it("requires new and confirm to match: 'New passwords do not match.'", () => {
    expect(validatePasswordChange('Old!Pass1', 'N3w!Password', 'N3w!Passwore')).toBe('New passwords do not match.');
  });

  it('refuses a Weak new password with the signup text, and accepts Medium', () => {
    expect(validatePasswordChange('Old!Pass1', 'abcdefgh', 'abcdefgh')).toBe('Password is too weak. Please use a stronger password.');
    expect(validatePasswordChange('Old!Pass1', 'abcdefgH', 'abcdefgH')).toBeNull();
  });
});

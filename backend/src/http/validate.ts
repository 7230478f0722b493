import type { z } from 'zod';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';

const SPEC_MESSAGES = new Set<string>(Object.values(MESSAGES));

/**
 * Parses input with a zod schema; the first problem becomes a 400 `{ detail }`. A SPEC message is shown
 * as is; any other is prefixed with the field it concerns. Use strict object schemas so unknown fields
 * (e.g. `is_admin`) are refused rather than ignored.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ValidationError('Invalid request.');
  const field = issue.path.map(String).join('.');
  throw new ValidationError(SPEC_MESSAGES.has(issue.message) || !field ? issue.message : `${field}: ${issue.message}`);
}

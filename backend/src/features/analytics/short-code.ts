import { randomInt } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@crossfeed/domain/content/content-links.decider.ts';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { reserve } from '../../api/execute.ts';

const ATTEMPTS = 8;

export function randomShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

/**
 * Claims a fresh short code for a content (a reservation stream appended with `no_stream`), drawing again
 * on the rare clash. `generate` is replaceable so tests can force a clash.
 */
export async function reserveShortCode(ctx: ApiContext, contentId: string, generate: () => string = randomShortCode): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const code = generate();
    try {
      await reserve(ctx, 'short-code', code, `content:${contentId}`, 'This short code is already in use.');
      return code;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

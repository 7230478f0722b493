/** Commands of the `api-tokens-{userId}` stream. Ids, the secret's hash and hint and the time come from the caller. */

export interface IssueApiToken {
  type: 'IssueApiToken';
  data: { tokenId: string; userId: string; name: string; scopes: readonly string[]; hash: string; hint: string; now: string };
}

export interface RevokeApiToken {
  type: 'RevokeApiToken';
  data: { tokenId: string; userId: string; now: string };
}

/** A request was let in with the token: recorded when the last recorded use is a minute old or more. */
export interface RecordApiTokenUse {
  type: 'RecordApiTokenUse';
  data: { tokenId: string; userId: string; now: string };
}

export type ApiTokenCommand = IssueApiToken | RevokeApiToken | RecordApiTokenUse;

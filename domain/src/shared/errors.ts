/**
 * Typed domain errors. The backend maps each class to one HTTP status in a single middleware, so a
 * decider never knows about HTTP and a route never writes a status by hand.
 */
export class DomainError extends Error {
  override readonly name: string = 'DomainError';
}

/** Input breaks a rule of the spec (400). */
export class ValidationError extends DomainError {
  override readonly name = 'ValidationError';
}

/** The target does not exist, or is not visible to the caller (404). */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
}

/** The caller may not do this (403). */
export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
}

/** The state forbids it: already exists, already redeemed, ... (409). */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
}

/** A quota of the tier is used up (429). */
export class QuotaExceededError extends DomainError {
  override readonly name = 'QuotaExceededError';
}

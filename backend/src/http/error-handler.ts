import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  QuotaExceededError,
  ValidationError,
} from '@crossfeed/domain/shared/errors.ts';
import { AppendTooLarge, WrongExpectedVersion } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';
import { HttpError } from './http-error.ts';

/** The one place where failures become HTTP statuses (STYLE: one error type per class, one middleware). */
export function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  if (error instanceof ValidationError || error instanceof ZodError) return 400;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof ConflictError) return 409;
  // A command that kept losing the optimistic-concurrency race, even after its retries.
  if (error instanceof WrongExpectedVersion) return 409;
  if (error instanceof QuotaExceededError) return 429;
  // One request's write over the event store's limit for one append (EventStoreDB MaxAppendSize).
  if (error instanceof AppendTooLarge) return 413;
  if (error instanceof DomainError) return 400;
  // body-parser and multer errors carry their own 4xx status.
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return status;
  return 500;
}

function detailOf(error: unknown, status: number): string {
  // An HttpError's detail is written for the client, a 503 "payments are not set up" too.
  if (error instanceof HttpError) return error.message;
  if (status >= 500) return 'Internal server error.';
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    if (!issue) return 'Invalid request.';
    const field = issue.path.join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  }
  if (error instanceof WrongExpectedVersion) return 'This was changed by another request at the same time. Please try again.';
  if (error instanceof AppendTooLarge) return 'Too much data in one request. Please send it in smaller parts.';
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.parse.failed') return 'Malformed JSON body.';
  if (type === 'entity.too.large') return 'Request body too large.';
  return error instanceof Error && error.message ? error.message : 'Request failed.';
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = statusOf(error);
    if (status >= 500 && error instanceof HttpError) logger.warn({ status, detail: error.message, method: req.method, path: req.path }, 'request refused');
    else if (status >= 500) logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    if (error instanceof HttpError) res.set(error.headers);
    res.status(status).json({ detail: detailOf(error, status) });
  };
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not Found' });
};

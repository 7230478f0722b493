import type { Decider, DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import type { ReservationKind } from '@crossfeed/domain/reservations/reservation.events.ts';
import { handleCommand, type CommandResult } from '@crossfeed/platform/commands/command-handler.ts';
import type { EventMetadata, Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import { claimName, reservationOwner as reservationOwnerIn, type ClaimOptions } from '@crossfeed/platform/reservations/reservations.ts';
import type { ApiContext } from './api-context.ts';

/**
 * Runs a command through its decider (read → fold → decide → append with the expected revision, retried
 * on a lost race) and waits until the read models include it, so the caller's next GET sees the change.
 */
export async function execute<State, Command, Event extends DomainEvent>(
  ctx: ApiContext,
  decider: Decider<State, Command, Event>,
  stream: string,
  command: Command,
  metadata: EventMetadata = {},
): Promise<CommandResult<Event>> {
  const result = await handleCommand(ctx.eventStore, decider, stream, command, { metadata });
  await settle(ctx, result.position);
  return result;
}

/** Waits (bounded) for the projections to pass `position`; a timeout is logged, not an error. */
export async function settle(ctx: ApiContext, position: Position | undefined): Promise<void> {
  if (position === undefined) return;
  if (!(await ctx.readModels.waitFor(position, 2000))) {
    ctx.logger.warn({ position }, 'read models lag behind a command (read-your-writes timed out)');
  }
}

/**
 * Claims a unique value (username, email, promo code, short code...) for a request: the first claimant wins
 * (platform/src/reservations/reservations.ts), a later one gets `ConflictError(message)`.
 */
export async function reserve(
  ctx: ApiContext,
  kind: ReservationKind,
  key: string,
  ownerId: string,
  message: string,
  options: ClaimOptions = {},
): Promise<void> {
  const { claimed } = await claimName(ctx.eventStore, { kind, key, ownerId, at: ctx.clock().toISOString() }, options);
  if (!claimed) throw new ConflictError(message);
}

/** Who holds a reservation, or undefined when the value is free. */
export const reservationOwner = (ctx: ApiContext, kind: ReservationKind, key: string): Promise<string | undefined> =>
  reservationOwnerIn(ctx.eventStore, kind, key);

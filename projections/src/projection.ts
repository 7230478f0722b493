import type { DomainEventType, EventOf } from '@crossfeed/domain/events.ts';
import type { Position, RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Filter, IndexSpec, Update, WriteOp } from '@crossfeed/platform/read-store/read-store.port.ts';

/**
 * A projection is a pure mapping from one event to read-model operations (DESIGN §3 Projections).
 * It never reads: operators ($set, $inc, $push, $addToSet, $pull...) express the change, so the same
 * code runs on MongoDB and on the in-memory store. Collections are named logically; the runner decides
 * the physical collection (live, or the shadow copy of a rebuild).
 */
export type ProjectionOp =
  /** Update the document with this id, inserting it when missing. */
  | { op: 'upsert'; collection: string; id: string; update: Update }
  /** Update the document with this id only if it exists. */
  | { op: 'update'; collection: string; id: string; update: Update }
  | { op: 'updateMany'; collection: string; filter: Filter; update: Update }
  | { op: 'delete'; collection: string; id: string }
  | { op: 'deleteMany'; collection: string; filter: Filter };

export interface Projection {
  readonly name: string;
  /** Bump when `project` changes meaning: the runner then rebuilds it from position 0 and swaps it in. */
  readonly version: number;
  /** Logical collection names this projection owns, with their indexes. */
  readonly collections: Readonly<Record<string, readonly IndexSpec[]>>;
  /** Event types it reacts to; other events only advance its checkpoint. */
  readonly handles: ReadonlySet<string>;
  project(event: RecordedEvent): ProjectionOp[];
}

/**
 * A recorded event of one domain type, its `data` typed by that type. Given several types it is their union,
 * so a handler shared by several types narrows on `event.type`.
 */
export type ProjectedEvent<Type extends DomainEventType = DomainEventType> = Type extends DomainEventType
  ? RecordedEvent<Type, EventOf<Type>['data']>
  : never;

/**
 * A projection's reactions keyed by event type: each handler gets the event of its key. A key that is not a
 * domain event type does not compile, and adding a reaction is one entry here.
 */
export type ProjectionHandlers = { readonly [Type in DomainEventType]?: (event: ProjectedEvent<Type>) => ProjectionOp[] };

export interface ProjectionDefinition extends Omit<Projection, 'handles' | 'project'> {
  readonly handlers: ProjectionHandlers;
}

/** A projection from its handler map: it handles exactly the types the map has keys for. */
export function defineProjection(definition: ProjectionDefinition): Projection {
  const { handlers, ...rest } = definition;
  // Each handler is only ever called with an event of its own key (the type the log recorded with its data).
  const byType = handlers as Readonly<Record<string, ((event: RecordedEvent) => ProjectionOp[]) | undefined>>;
  return {
    ...rest,
    handles: new Set(Object.keys(handlers)),
    project: (event) => byType[event.type]?.(event) ?? [],
  };
}

/** Field holding the position of the last event applied to a read-model document. */
export const POSITION_FIELD = '_pos';
export const CHECKPOINTS = '_checkpoints';

export interface Checkpoint {
  _id: string;
  position: Position;
  version: number;
  [field: string]: unknown;
}

/**
 * Stamps the event's position on the document. `$max` rather than `$set`: equivalent under the guard, and
 * it leaves the projection's own `$set` (often many fields) uncopied on this hot path.
 */
function withPosition(update: Update, position: Position): Update {
  const max = update.$max as Record<string, unknown> | undefined;
  return { ...update, $max: max ? { ...max, ...stamped(position) } : stamped(position) };
}

/*
 * `{ [POSITION_FIELD]: ... }` written as literals with a static key, cheaper to build on this hot path than
 * a computed key; their return types fail to compile if POSITION_FIELD changes.
 */
function stamped(position: Position): Record<typeof POSITION_FIELD, Position> {
  return { _pos: position };
}

function byIdBefore(id: string, before: { $lt: Position }): { _id: string } & Record<typeof POSITION_FIELD, { $lt: Position }> {
  return { _id: id, _pos: before };
}

/**
 * Turns a projection's operations into position-guarded writes: a document already carrying this
 * event's position (or a later one) is left alone, so applying an event twice changes nothing. The writes
 * are appended to `into` when given (the runner collects a whole batch in one array).
 */
export function guardOps(
  ops: readonly ProjectionOp[],
  position: Position,
  physicalName: (collection: string) => string,
  into: WriteOp[] = [],
): WriteOp[] {
  const before = { $lt: position };
  for (const op of ops) into.push(guardOp(op, position, before, physicalName(op.collection)));
  return into;
}

function guardOp(op: ProjectionOp, position: Position, before: { $lt: Position }, collection: string): WriteOp {
  switch (op.op) {
    case 'upsert':
      return { op: 'upsert', collection, filter: byIdBefore(op.id, before), update: withPosition(op.update, position) };
    case 'update':
      return { op: 'updateOne', collection, filter: byIdBefore(op.id, before), update: withPosition(op.update, position) };
    case 'updateMany':
      return { op: 'updateMany', collection, filter: { ...op.filter, [POSITION_FIELD]: before }, update: withPosition(op.update, position) };
    case 'delete':
      return { op: 'deleteOne', collection, filter: { _id: op.id } };
    case 'deleteMany':
      return { op: 'deleteMany', collection, filter: op.filter };
  }
}

export function checkpointOp(checkpointId: string, position: Position, version: number): WriteOp {
  return { op: 'upsert', collection: CHECKPOINTS, filter: { _id: checkpointId }, update: { $set: { position, version } } };
}

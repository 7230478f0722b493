import type { Projection } from './projection.ts';
import { usersProjection } from './users/users.projection.ts';

/** Every projection the runner maintains, by name. The API issue adds the rest here. */
export const projections: readonly Projection[] = [usersProjection];

export function projectionByName(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}

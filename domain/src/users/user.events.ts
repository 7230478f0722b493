import { z } from 'zod';

export const UserRegisteredData = z.object({
  userId: z.string().min(1),
  username: z.string().min(1),
  email: z.string().email(),
  passwordHash: z.string().min(1),
  isAdmin: z.boolean(),
  registeredAt: z.string().datetime(),
});
export type UserRegisteredData = z.infer<typeof UserRegisteredData>;

export interface UserRegistered {
  type: 'UserRegistered';
  data: UserRegisteredData;
}

export type UserEvent = UserRegistered;

/** Schemas by event type, used to validate events at the edges (append and upcast). */
export const userEventSchemas = {
  UserRegistered: UserRegisteredData,
} as const;

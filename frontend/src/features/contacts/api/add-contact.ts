import { api } from '@/lib/api-client';
import type { Contact } from '@/lib/api/contacts';

/** POST /contacts/ with a name and an email; answers the new contact (201). A repeated email is a 409. */
export function addContact(input: { name: string; email: string }): Promise<Contact> {
  return api.post<Contact>('/contacts/', { name: input.name, email: input.email });
}

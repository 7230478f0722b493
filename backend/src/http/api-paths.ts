/**
 * Path prefixes served by the API (SPEC §7). Every other GET is a route of the single-page app and gets
 * index.html; an unknown API path gets a JSON 404.
 */
export const API_PREFIXES = [
  '/auth',
  '/profiles',
  '/search',
  '/api',
  '/content',
  '/contacts',
  '/analytics',
  '/links',
  '/conversions',
  '/flags',
  '/admin/',
  '/notifications',
  '/audience',
  '/health',
  '/socket.io',
  '/simulated-checkout',
  '/simulated-portal',
  '/workspace',
  '/track',
  '/schedules',
] as const;

export const isApiPath = (path: string): boolean =>
  API_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

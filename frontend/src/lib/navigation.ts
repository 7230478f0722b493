/**
 * Lets code outside React (the session timer, the API client) change route. The app registers the
 * router's navigate once it exists; before that a full page load is the fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigator: Navigate | null = null;

export function registerNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) void navigator(to, options);
  else window.location.assign(to);
}

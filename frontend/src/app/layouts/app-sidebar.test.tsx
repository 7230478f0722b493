import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationDto } from '@crossfeed/domain/api/realtime-events.ts';
import AppRoot from '@/app/routes/app/root';
import { NOTIFICATIONS_KEY, receiveNotification } from '@/features/notifications/api/notifications-query';
import { pagedListItems } from '@/lib/query/use-paged-list';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser, pagedResponse, pageOf } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';

const note = (id: string, is_read = false): NotificationDto => ({
  id,
  message: `Message ${id}`,
  timestamp: '2026-03-01T12:00:00Z',
  is_read,
});

function signIn(hasProfileCompleted = true) {
  useAppStore
    .getState()
    .login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ has_profile_completed: hasProfileCompleted, has_completed_tour: true }));
  // The guided tour would start over the sidebar; these tests are about the sidebar alone.
  useAppStore.getState().setTourCompleted(true);
}

/**
 * Answers GET /notifications/ with the asked page of `list` (its length in X-Total-Count), and PUT
 * .../read and PUT /notifications/read-all with 200 (or `putStatus`).
 */
function stubApi(list: NotificationDto[] | 'fail', putStatus = 200) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === '/notifications/' && method === 'GET') {
      if (list === 'fail') return jsonResponse(500, {});
      const { offset, limit } = pageOf(url);
      return pagedResponse(list.slice(offset, offset + limit), list.length);
    }
    if (path === '/notifications/read-all' && method === 'PUT') {
      const updated = list === 'fail' ? 0 : list.filter((item) => !item.is_read).length;
      return jsonResponse(putStatus, putStatus === 200 ? { message: 'All notifications marked as read.', updated } : {});
    }
    if (path && /^\/notifications\/[^/]+\/read$/.test(path) && method === 'PUT') return jsonResponse(putStatus, {});
    return jsonResponse(404, { detail: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to `path` (the query left out) with `method`. */
const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url.split('?')[0] === path && (init?.method ?? 'GET') === method).map(([url]) => url);

/** The notifications the cache holds, and the unread among them (what the badge counts). */
const listed = () => pagedListItems<NotificationDto>(NOTIFICATIONS_KEY) ?? [];
const unreadCount = () => listed().filter((item) => !item.is_read).length;

const renderApp = () => renderRoute(<AppRoot />, { path: '/app/home' });
const workspaceNav = () => screen.getByRole('navigation', { name: 'Workspace' });

describe('App layout sidebar', () => {
  it('is hidden until the user has completed their profile', () => {
    stubApi([]);
    signIn(false);
    renderApp();
    expect(screen.queryByRole('navigation', { name: 'Workspace' })).not.toBeInTheDocument();

    act(() => useAppStore.getState().setUser(makeUser({ has_profile_completed: true })));

    expect(workspaceNav()).toBeInTheDocument();
  });

  it('lists Profile, Contacts, Add content, Notifications, Premium, Help/Tour and Logout as buttons', async () => {
    stubApi([]);
    signIn();
    renderApp();

    const names = within(workspaceNav())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Profile', 'Contacts', 'Add content', 'Notifications', 'Premium', 'Help/Tour', 'Logout']);
    // Each entry carries a drawn icon, hidden from assistive technology (the label names the entry).
    for (const button of within(workspaceNav()).getAllByRole('button')) {
      expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
  });

  it('shows the unread count on Notifications and follows pushes', async () => {
    stubApi([note('a'), note('b', true), note('c')]);
    signIn();
    renderApp();

    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('2'));
    expect(screen.getByRole('button', { name: /Notifications, 2 unread/ })).toBeInTheDocument();

    act(() => receiveNotification(note('d')));
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('3'));
  });

  it('shows no badge with nothing unread', async () => {
    const fetchMock = stubApi([note('a', true)]);
    signIn();
    renderApp();

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(listed()).toHaveLength(1));
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('marks a failed notification fetch with an exclamation marker', async () => {
    stubApi('fail');
    signIn();
    renderApp();

    const button = await screen.findByRole('button', { name: /Notifications, Failed to fetch notifications/ });
    expect(button).toHaveTextContent('!');
  });

  it('Help/Tour resets the tour with a toast, on the account too', async () => {
    const fetchMock = stubApi([]);
    // The stub answers 404 to the reset: the tour restarts in this browser all the same.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(toast, 'info');
    signIn();
    useAppStore.getState().setTourCompleted(true);
    renderApp();

    await userEvent.click(screen.getByRole('button', { name: 'Help/Tour' }));

    expect(useAppStore.getState().hasCompletedTour).toBe(false);
    expect(info).toHaveBeenCalledWith('Tour has been reset. You can retake the tour.', expect.anything());
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/auth/tour-completed')).toHaveLength(1));
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it.each([
    ['Profile', 'Profile Information'],
    ['Contacts', 'Contacts'],
    ['Add content', 'Add New Content'],
    ['Premium', 'Choose Your Plan'],
  ])('%s opens the %s panel, and closing it returns to the workspace', async (entry, title) => {
    stubApi([]);
    signIn();
    renderApp();

    await userEvent.click(screen.getByRole('button', { name: entry }));
    // The panel's code may still be loading when it is first opened (lazyWhenOpen).
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument();
  });

  it.each([
    ['API tokens', 'API tokens', 'GET /api/tokens'],
    ['Webhooks', 'Webhooks', 'GET /api/webhooks'],
  ])("Profile Information's %s button opens the %s window in its place; Escape closes it and Profile opens again", async (button, title, read) => {
    const fetchMock = stubApi([]);
    signIn();
    renderApp();

    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    const profile = await screen.findByRole('dialog', { name: 'Profile Information' });
    await userEvent.click(within(profile).getByRole('button', { name: button }));
    // Its own chunk (lazyWhenOpen): it may still be loading when first opened.
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    const [method, path] = read.split(' ');
    await waitFor(() => expect(callsTo(fetchMock, method!, path!)).toHaveLength(1));

    expect(screen.queryByRole('dialog', { name: 'Profile Information' })).not.toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to where Profile Information was opened from, and Profile opens as before.
    expect(within(workspaceNav()).getByRole('button', { name: 'Profile' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(await screen.findByRole('dialog', { name: 'Profile Information' })).toBeInTheDocument();
  });

  it('a panel opened from elsewhere replaces an open developer window', async () => {
    stubApi([]);
    signIn();
    renderApp();

    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    const profile = await screen.findByRole('dialog', { name: 'Profile Information' });
    await userEvent.click(within(profile).getByRole('button', { name: 'Webhooks' }));
    expect(await screen.findByRole('dialog', { name: 'Webhooks' })).toBeInTheDocument();

    act(() => useAppStore.getState().showPanel('contacts'));
    expect(await screen.findByRole('dialog', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Webhooks' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['contacts', 'Contacts'],
    ['add-content', 'Add New Content'],
  ] as const)("opens the %s panel when a page's empty state asks for it", async (panel, title) => {
    stubApi([]);
    signIn();
    renderApp();

    act(() => useAppStore.getState().showPanel(panel));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument();
    expect(useAppStore.getState().openPanel).toBeNull();
  });
});

describe('Notifications modal', () => {
  it("shows 'No notifications.' when the list is empty", async () => {
    stubApi([]);
    signIn();
    renderApp();

    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));

    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('No notifications.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark All as Read' })).toBeDisabled();
  });

  it("shows 'Failed to fetch notifications' when the fetch fails", async () => {
    stubApi('fail');
    signIn();
    renderApp();

    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Failed to fetch notifications');
  });

  it('lists messages with timestamps, highlights unread ones and marks one as read', async () => {
    const fetchMock = stubApi([note('a'), note('b', true)]);
    signIn();
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });

    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveClass('notification-unread');
    expect(items[1]).not.toHaveClass('notification-unread');
    expect(items[0]?.querySelector('time')).toHaveAttribute('dateTime', '2026-03-01T12:00:00Z');
    expect(within(items[1] as HTMLElement).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();

    await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Mark as read' }));

    await waitFor(() => expect(within(dialog).getAllByRole('listitem')[0]).not.toHaveClass('notification-unread'));
    expect(fetchMock).toHaveBeenCalledWith('/notifications/a/read', expect.objectContaining({ method: 'PUT' }));
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('Mark All as Read marks every unread one with one request', async () => {
    const fetchMock = stubApi([note('a'), note('b'), note('c', true)]);
    signIn();
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    await within(dialog).findAllByRole('listitem');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark All as Read' }));

    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument());
    expect(unreadCount()).toBe(0);
    expect(callsTo(fetchMock, 'PUT', '/notifications/read-all')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => /^\/notifications\/[^/]+\/read$/.test(url))).toHaveLength(0);
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('Mark All as Read that fails leaves everything unread, without a message', async () => {
    const fetchMock = stubApi([note('a'), note('b')], 500);
    signIn();
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    await within(dialog).findAllByRole('listitem');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark All as Read' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/notifications/read-all')).toHaveLength(1));
    expect(within(dialog).getAllByRole('button', { name: 'Mark as read' })).toHaveLength(2);
    expect(unreadCount()).toBe(2);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the first page and loads the next one with "Load more" until all are shown', async () => {
    const all = Array.from({ length: 230 }, (_, i) => note(`n${i}`, i >= 150));
    const fetchMock = stubApi(all);
    signIn();
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });

    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(100));
    expect(within(dialog).getByText('100 of 230 shown')).toBeInTheDocument();
    // The badge counts the unread of what is loaded.
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+');
    expect(unreadCount()).toBe(100);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more notifications' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(200));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more notifications' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(230));

    expect(within(dialog).queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Message n229')).toBeInTheDocument();
    expect(unreadCount()).toBe(150);
    const pages = callsTo(fetchMock, 'GET', '/notifications/').map((url) => pageOf(url));
    expect(pages.slice(-2)).toEqual([
      { offset: 100, limit: 100 },
      { offset: 200, limit: 100 },
    ]);
  });

  it('keeps Mark All as Read available while older pages may hold unread ones', async () => {
    stubApi([...Array.from({ length: 100 }, (_, i) => note(`r${i}`, true)), note('old-unread')]);
    signIn();
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(100));

    expect(unreadCount()).toBe(0);
    expect(within(dialog).getByRole('button', { name: 'Mark All as Read' })).toBeEnabled();
  });

  it("keeps the list and says 'Failed to fetch notifications' when a next page fails", async () => {
    const all = Array.from({ length: 120 }, (_, i) => note(`n${i}`));
    const fetchMock = stubApi(all);
    signIn();
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(100));

    fetchMock.mockImplementationOnce(async () => jsonResponse(500, {}));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more notifications' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to fetch notifications');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(100);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more notifications' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(120));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves an item unread, without a message, when marking it fails', async () => {
    stubApi([note('a')], 500);
    signIn();
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark as read' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Mark as read' })).toBeEnabled());
    expect(within(dialog).getAllByRole('listitem')[0]).toHaveClass('notification-unread');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Confirm Logout', () => {
  it('Cancel keeps the session and returns focus to Logout', async () => {
    stubApi([]);
    signIn();
    renderApp();
    const logoutEntry = screen.getByRole('button', { name: 'Logout' });
    await userEvent.click(logoutEntry);

    const dialog = screen.getByRole('dialog', { name: 'Confirm Logout' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useAppStore.getState().token).not.toBeNull();
    expect(logoutEntry).toHaveFocus();
  });

  it('Logout clears the session and goes to /login', async () => {
    stubApi([]);
    signIn();
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirm Logout' })).getByRole('button', { name: 'Logout' }));

    expect(useAppStore.getState().token).toBeNull();
    expect(useAppStore.getState().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});

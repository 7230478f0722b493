import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { AppSocket } from '@/lib/socket';
import { FakeSocket } from '@/testing/fake-socket';
import { page } from '@/testing/page';
import { resetAppStoreForTests } from '@/testing/reset-app-store';
import { cancelSchedule } from '../api/cancel-schedule';
import { createSchedule } from '../api/create-schedule';
import { getSchedules, type Schedule } from '../api/get-schedules';
import { registerScheduleHandlers } from '../realtime/register-schedule-handlers';
import { toInputValue } from '../schedule-time';
import { ScheduleReleaseButton } from './schedule-release-button';
import { ScheduleShareOption } from './schedule-share-option';
import { ScheduledList } from './scheduled-list';

vi.mock('../api/create-schedule', () => ({ createSchedule: vi.fn() }));
vi.mock('../api/get-schedules', async (importOriginal) => ({ ...(await importOriginal<object>()), getSchedules: vi.fn() }));
vi.mock('../api/cancel-schedule', () => ({ cancelSchedule: vi.fn() }));
const createMock = vi.mocked(createSchedule);
const listMock = vi.mocked(getSchedules);
const cancelMock = vi.mocked(cancelSchedule);

const inHours = (hours: number) => new Date(Date.now() + hours * 3600 * 1000);
const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  id: 's1',
  kind: 'share',
  content_id: 'c1',
  content_title: 'My video',
  contact_ids: ['k1', 'k2'],
  run_at: inHours(2).toISOString(),
  status: 'scheduled',
  reason: null,
  reached: 0,
  scheduled_at: new Date().toISOString(),
  finished_at: null,
  ...overrides,
});

beforeEach(() => {
  createMock.mockReset();
  listMock.mockReset();
  cancelMock.mockReset();
  resetAppStoreForTests();
});
afterEach(() => vi.restoreAllMocks());

describe('ScheduleShareOption', () => {
  it('shows Free users an upgrade hint instead of the option', async () => {
    const onUpgrade = vi.fn();
    render(<ScheduleShareOption contentId="c1" contactIds={['k1']} isPremium={false} onScheduled={vi.fn()} onUpgrade={onUpgrade} />);
    expect(screen.queryByLabelText('Schedule for later')).toBeNull();
    expect(screen.getByText('Schedule shares and releases for later with Premium.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledOnce();
  });

  it('schedules the chosen contacts at the chosen local time, shown in the user’s time', async () => {
    const onScheduled = vi.fn();
    const success = vi.spyOn(toast, 'success');
    createMock.mockResolvedValue(schedule());
    render(<ScheduleShareOption contentId="c1" contactIds={['k1', 'k2']} isPremium onScheduled={onScheduled} />);
    await userEvent.click(screen.getByLabelText('Schedule for later'));
    const input = screen.getByLabelText('Date and time') as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    const when = inHours(3);
    when.setMilliseconds(0);
    fireEvent.change(input, { target: { value: toInputValue(when) } });
    expect(screen.getByText(/^Runs at .+ \(your time, .+\)\.$/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule share' }));
    await waitFor(() => expect(onScheduled).toHaveBeenCalledOnce());
    expect(createMock).toHaveBeenCalledWith({ kind: 'share', content_id: 'c1', contact_ids: ['k1', 'k2'], run_at: when.toISOString() });
    expect(success).toHaveBeenCalledWith(expect.stringMatching(/^Share scheduled for /), expect.anything());
  });

  it('refuses a past time before asking the server, and shows the server’s refusal', async () => {
    render(<ScheduleShareOption contentId="c1" contactIds={['k1']} isPremium onScheduled={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('Schedule for later'));
    const input = screen.getByLabelText('Date and time');
    fireEvent.change(input, { target: { value: toInputValue(inHours(-1)) } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule share' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The scheduled time must be in the future.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(createMock).not.toHaveBeenCalled();

    createMock.mockRejectedValue(new ApiError(409, 'You already have 50 scheduled actions waiting. Cancel one or wait until one runs.'));
    fireEvent.change(input, { target: { value: toInputValue(inHours(1)) } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule share' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already have 50 scheduled actions/);
  });

  it('asks for contacts first when none are chosen', async () => {
    render(<ScheduleShareOption contentId="c1" contactIds={[]} isPremium onScheduled={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('Schedule for later'));
    expect((screen.getByRole('button', { name: 'Schedule share' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Select the contacts above, then choose when to share.')).toBeTruthy();
  });
});

describe('ScheduleReleaseButton', () => {
  it('is offered for a queued item only, and schedules its release from a dialog', async () => {
    createMock.mockResolvedValue(schedule({ kind: 'release', contact_ids: [] }));
    const { rerender } = render(<ScheduleReleaseButton content={{ id: 'c1', title: 'Live one', status: 'active', owner_status: 'active' }} isPremium />);
    expect(screen.queryByRole('button', { name: /Schedule release/ })).toBeNull();
    rerender(<ScheduleReleaseButton content={{ id: 'c2', title: 'Queued one', status: 'pending', owner_status: 'pending' }} isPremium />);
    await userEvent.click(screen.getByRole('button', { name: 'Schedule release of Queued one' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule release' });
    expect(within(dialog).getByText(/release credit from a completed match/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule release' }));
    await waitFor(() => expect(createMock).toHaveBeenCalledWith({ kind: 'release', content_id: 'c2', run_at: expect.any(String) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the upsell for a Free user', async () => {
    const onUpgrade = vi.fn();
    render(<ScheduleReleaseButton content={{ id: 'c2', title: 'Queued one', status: 'pending' }} isPremium={false} onUpgrade={onUpgrade} />);
    await userEvent.click(screen.getByRole('button', { name: 'Schedule release of Queued one' }));
    expect(onUpgrade).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ScheduledList', () => {
  it('shows loading, then each schedule with its status and outcome; Cancel only for waiting ones', async () => {
    listMock.mockResolvedValue(
      page([
        schedule(),
        schedule({ id: 's2', kind: 'release', content_title: 'Queued one', contact_ids: [], status: 'failed', reason: 'No release credit: complete a match to release Pending content.' }),
        schedule({ id: 's3', status: 'done', reached: 2 }),
      ]),
    );
    render(<ScheduledList isPremium />);
    expect(screen.getByRole('status').textContent).toBe('Loading scheduled actions...');
    const list = await screen.findByRole('list', { name: 'Scheduled' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Scheduled')).toBeTruthy();
    expect(within(items[1]!).getByText('No release credit: complete a match to release Pending content.')).toBeTruthy();
    expect(within(items[2]!).getByText(/reached 2 contacts/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Cancel / })).toHaveLength(1);
  });

  it('cancels a waiting schedule and shows it cancelled', async () => {
    listMock.mockResolvedValue(page([schedule()]));
    cancelMock.mockResolvedValue(schedule({ status: 'cancelled', finished_at: new Date().toISOString() }));
    render(<ScheduledList isPremium />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel share of My video' }));
    expect(cancelMock).toHaveBeenCalledWith('s1');
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
  });

  it('says when nothing is scheduled, and offers Retry after a failure', async () => {
    listMock.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(page([]));
    render(<ScheduledList isPremium />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch scheduled actions.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Nothing scheduled yet/)).toBeTruthy();
  });

  it('refreshes and toasts when a schedule’s outcome is pushed (schedule:ran), and a failure warns', async () => {
    const success = vi.spyOn(toast, 'success');
    const warning = vi.spyOn(toast, 'warning');
    listMock.mockResolvedValueOnce(page([schedule()])).mockResolvedValueOnce(page([schedule({ status: 'done', reached: 2 })]));
    render(<ScheduledList isPremium />);
    expect(await screen.findByText('Scheduled', { selector: '.schedule-status' })).toBeTruthy();
    const socket = new FakeSocket();
    registerScheduleHandlers(socket as unknown as AppSocket, () => undefined);
    const ran = 'Your scheduled share of "My video" ran: it reached 2 contacts.';
    socket.push('schedule:ran', { schedule_id: 's1', kind: 'share', content_id: 'c1', outcome: 'ok', message: ran });
    expect(await screen.findByText('Done')).toBeTruthy();
    // The list stayed on screen while it was asked again.
    expect(screen.queryByRole('status')).toBeNull();
    expect(listMock).toHaveBeenCalledTimes(2);
    expect(success).toHaveBeenCalledWith(ran, expect.anything());
    listMock.mockResolvedValue(page([]));
    const failed = 'Your scheduled release of "My video" did not run: it was refused.';
    socket.push('schedule:ran', { schedule_id: 's2', kind: 'release', content_id: 'c1', outcome: 'failed', message: failed });
    await waitFor(() => expect(warning).toHaveBeenCalledWith(failed, expect.anything()));
    // A notification alone is for the notifications list, not a toast here.
    socket.push('notification', { id: 'n1', message: ran, timestamp: new Date().toISOString(), is_read: false });
    expect(success).toHaveBeenCalledTimes(1);
  });
});

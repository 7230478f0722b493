import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getContentAttribution, type ContentAttribution } from '../api/get-content-attribution';
import { ATTRIBUTION_TEXTS, ContentAttributionPanel } from './content-attribution-panel';

vi.mock('../api/get-content-attribution', () => ({ getContentAttribution: vi.fn() }));
const attributionMock = vi.mocked(getContentAttribution);

const contents = [{ id: 'c1', title: 'First post' }, { id: 'c2', title: 'Second post' }] as unknown as ContentDto[];

const ATTRIBUTION: ContentAttribution = {
  content_id: 'c1',
  title: 'First post',
  totals: { shares: 2, contacts_reached: 3, clicks: 5, unique_clicks: 3, conversions: 1 },
  sharers: [
    { sharer_id: 's1', username: 'bob', is_you: false, shares: 1, contacts_reached: 2, clicks: 3, unique_clicks: 1, conversions: 1, contacts: null },
    {
      sharer_id: 'me', username: 'ada', is_you: true, shares: 1, contacts_reached: 1, clicks: 1, unique_clicks: 1, conversions: 0,
      contacts: [{ contact_id: 'k1', name: 'Grace', clicks: 1, unique_clicks: 1, conversions: 0 }],
    },
  ],
  unattributed: { clicks: 1, unique_clicks: 1, conversions: 0 },
};

const choose = async (title: string) => userEvent.selectOptions(screen.getByLabelText(ATTRIBUTION_TEXTS.select), title);

describe('ContentAttributionPanel', () => {
  beforeEach(() => attributionMock.mockReset());

  it('asks for nothing until a content is chosen', () => {
    render(<ContentAttributionPanel contents={contents} />);
    expect(attributionMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows each sharer's clicks in all and unique, names only the owner's own contacts", async () => {
    attributionMock.mockResolvedValue(ATTRIBUTION);
    render(<ContentAttributionPanel contents={contents} />);
    await choose('First post');
    const table = await screen.findByRole('table', { name: 'Clicks and conversions by sharer' });
    expect(attributionMock).toHaveBeenCalledWith('c1', expect.any(AbortSignal));
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Sharer', 'Shares', 'Contacts reached', 'Clicks', 'Unique clicks', 'Conversions',
    ]);
    const [, bob, you, yourContacts, anonymous] = within(table).getAllByRole('row');
    expect([...bob!.children].slice(1).map((cell) => cell.textContent)).toEqual(['1', '2', '3', '1', '1']);
    expect(bob!.firstElementChild).toHaveTextContent(`bob${ATTRIBUTION_TEXTS.othersContacts}`);
    expect(you!.firstElementChild).toHaveTextContent(/^You$/);
    // The owner's contacts take the row under theirs, across the table (so no column is squeezed).
    expect(within(yourContacts!).getByRole('list', { name: 'Your contacts who engaged' })).toHaveTextContent('Grace: 1 click (1 unique), 0 conversions');
    expect(yourContacts!.firstElementChild).toHaveAttribute('colspan', '6');
    expect(anonymous!.firstElementChild).toHaveTextContent('Without a known contact');
    expect(screen.getByText('5 clicks in all, 3 unique; 1 conversion.')).toBeInTheDocument();
  });

  it('says so while loading, when nothing happened yet, and on failure with Retry', async () => {
    attributionMock.mockReturnValueOnce(new Promise(() => {}));
    render(<ContentAttributionPanel contents={contents} />);
    await choose('First post');
    expect(screen.getByRole('status')).toHaveTextContent(ATTRIBUTION_TEXTS.loading);

    attributionMock.mockResolvedValueOnce({ ...ATTRIBUTION, sharers: [], totals: { shares: 0, contacts_reached: 0, clicks: 0, unique_clicks: 0, conversions: 0 }, unattributed: { clicks: 0, unique_clicks: 0, conversions: 0 } });
    await choose('Second post');
    expect(await screen.findByText(ATTRIBUTION_TEXTS.empty)).toBeInTheDocument();

    attributionMock.mockRejectedValueOnce(new ApiError(404, 'Content not found.'));
    await choose('First post');
    expect(await screen.findByRole('alert')).toHaveTextContent('Content not found.');
    attributionMock.mockResolvedValueOnce(ATTRIBUTION);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('cancels the read of a content no longer chosen, and shows nothing once none is', async () => {
    attributionMock.mockReturnValueOnce(new Promise(() => {}));
    render(<ContentAttributionPanel contents={contents} />);
    await choose('First post');
    const signal = attributionMock.mock.calls[0]![1]!;
    await choose(ATTRIBUTION_TEXTS.choose);
    expect(signal.aborted).toBe(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(attributionMock).toHaveBeenCalledTimes(1);
  });
});

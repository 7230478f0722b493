import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeContent } from '@/testing/make-content';
import { ContentListModal } from './content-list-modal';

const section = (name: string) => screen.getByRole('region', { name });

describe('ContentListModal', () => {
  it("says 'No content available.' when nothing is selected", () => {
    render(<ContentListModal open onClose={() => {}} queue={[]} matches={[]} />);
    expect(screen.getByRole('dialog', { name: 'Content List' })).toHaveTextContent('No content available.');
    expect(screen.queryByRole('region', { name: 'Your Content Queue' })).not.toBeInTheDocument();
  });

  it("lists the queue and the matches in 200 px lists, with 'No matched contents available.' for no matches", () => {
    const queued = [makeContent('c1', { share_count: 1, content_type: 'podcast' }), makeContent('c2', { share_count: 4 })];
    render(<ContentListModal open onClose={() => {}} queue={queued} matches={[]} />);

    const queue = within(section('Your Content Queue')).getByRole('list', { name: 'Your Content Queue' });
    expect(queue).toHaveClass('content-list');
    expect(within(queue).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Title c1Podcast · 1 share',
      'Title c2Article · 4 shares',
    ]);
    expect(section('Matched Contents')).toHaveTextContent('No matched contents available.');
  });

  it("lists the selected matches, with 'No content in your queue.' for an empty queue", () => {
    render(<ContentListModal open onClose={() => {}} queue={[]} matches={[makeContent('m1')]} />);
    expect(section('Your Content Queue')).toHaveTextContent('No content in your queue.');
    expect(within(section('Matched Contents')).getByRole('listitem')).toHaveTextContent('Title m1');
  });

  it('closes', async () => {
    const onClose = vi.fn();
    render(<ContentListModal open onClose={onClose} queue={[]} matches={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

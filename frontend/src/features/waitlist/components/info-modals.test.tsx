import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Milestone } from '../utils/milestone-progress';
import { MILESTONES, PRODUCT_UPDATES, WAITLIST_FAQ } from '../waitlist-content';
import { AboutWaitlistModal } from './about-waitlist-modal';
import { ProductProgressModal } from './product-progress-modal';
import { UpdatesTimelineModal } from './updates-timeline-modal';
import { WaitlistFaqModal } from './waitlist-faq-modal';

const milestones = (done: number): Milestone[] =>
  Array.from({ length: 6 }, (_, i) => ({ title: `Milestone ${i + 1}`, description: `About ${i + 1}`, done: i < done }));

describe('ProductProgressModal', () => {
  it('lists the six milestones, none done, with a 0% bar and no almost-there badge', () => {
    render(<ProductProgressModal open onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Product progress' });
    const items = within(dialog).getAllByRole('listitem');
    expect(MILESTONES).toHaveLength(6);
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent(MILESTONES[0]!.title);
    expect(items[5]).toHaveTextContent('Public beta launch');
    expect(within(dialog).getAllByText('(in progress)', { exact: false })).toHaveLength(6);
    const bar = within(dialog).getByRole('progressbar', { name: '0 of 6 milestones complete' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(within(dialog).getByText('0%')).toBeInTheDocument();
    expect(within(dialog).queryByText('Almost there')).not.toBeInTheDocument();
  });

  it("shows the share done and 'Almost there' from four milestones done", () => {
    const { rerender } = render(<ProductProgressModal open onClose={vi.fn()} milestones={milestones(3)} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByText('Almost there')).not.toBeInTheDocument();

    rerender(<ProductProgressModal open onClose={vi.fn()} milestones={milestones(4)} />);
    expect(screen.getByRole('progressbar', { name: '4 of 6 milestones complete' })).toHaveAttribute('aria-valuenow', '67');
    expect(screen.getByText('Almost there')).toBeInTheDocument();
    expect(screen.getAllByText('(complete)', { exact: false })).toHaveLength(4);
  });

  it('closes from its Close button', () => {
    const onClose = vi.fn();
    render(<ProductProgressModal open onClose={onClose} />);
    const buttons = within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' });
    fireEvent.click(buttons[buttons.length - 1]!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    render(<ProductProgressModal open={false} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('UpdatesTimelineModal', () => {
  it('lists every update, newest first, with its label and text', () => {
    render(<UpdatesTimelineModal open onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Timeline of updates' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(PRODUCT_UPDATES.length);
    expect(within(items[0]!).getByRole('heading', { name: 'Public beta' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Coming in August');
    expect(within(items[items.length - 1]!).getByRole('heading', { name: 'The waitlist opens' })).toBeInTheDocument();
  });

  it("shows 'No updates yet.' without updates", () => {
    render(<UpdatesTimelineModal open onClose={vi.fn()} updates={[]} />);
    expect(screen.getByText('No updates yet.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});

describe('AboutWaitlistModal', () => {
  it('tells what Crossfeed is and links to the About page, closing itself', () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <AboutWaitlistModal open onClose={onClose} />
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'About Crossfeed' });
    expect(dialog).toHaveTextContent('Crossfeed is a cross-promotion platform for content creators and publishers.');
    const link = within(dialog).getByRole('link', { name: 'Our story' });
    expect(link).toHaveAttribute('href', '/about');
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('WaitlistFaqModal', () => {
  it('has one disclosure per question, answers hidden until opened', () => {
    render(<WaitlistFaqModal open onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Frequently asked questions' });
    const groups = dialog.querySelectorAll('details');
    expect(groups).toHaveLength(WAITLIST_FAQ.length);
    expect(within(dialog).getByText('What do early members receive?')).toBeInTheDocument();
    const early = within(dialog).getByText('What do early members receive?').closest('details')!;
    expect(early).not.toHaveAttribute('open');
    expect(early).toHaveTextContent('The first 100 members receive lifetime free access. Everyone else on the waitlist receives 1 month free at launch.');
  });
});

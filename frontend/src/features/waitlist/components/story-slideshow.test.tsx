import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorySlideshow } from './story-slideshow';

const TITLES = ['Connect with partners', 'Share and grow', 'Track your impact', 'Focus on creating'];

const slideTitle = () => screen.getByRole('heading', { level: 3 }).textContent;
const fills = () => screen.getAllByTestId('story-segment-fill').map((fill) => fill.style.width);
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const press = (key: string) => fireEvent.keyDown(document, { key });

function renderStory(props: Partial<Parameters<typeof StorySlideshow>[0]> = {}) {
  const onClose = vi.fn();
  const onJoin = vi.fn();
  render(<StorySlideshow open onClose={onClose} onJoin={onJoin} {...props} />);
  return { onClose, onJoin };
}

describe('StorySlideshow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a full-screen dialog with the four slides in order, starting on the first', () => {
    renderStory();
    expect(screen.getByRole('dialog', { name: 'The Crossfeed story' })).toHaveClass('story');
    expect(slideTitle()).toBe(TITLES[0]);
    expect(screen.getByText('Slide 1 of 4')).toBeInTheDocument();
    expect(fills()).toEqual(['0%', '0%', '0%', '0%']);
  });

  it('fills the progress in 4% steps every 100 ms and advances every 2500 ms', () => {
    renderStory();
    tick(100);
    expect(fills()[0]).toBe('4%');
    tick(2300);
    expect(fills()[0]).toBe('96%');
    expect(slideTitle()).toBe(TITLES[0]);

    tick(100);
    expect(slideTitle()).toBe(TITLES[1]);
    expect(screen.getByText('Slide 2 of 4')).toBeInTheDocument();
    expect(fills()).toEqual(['100%', '0%', '0%', '0%']);

    tick(2500);
    expect(slideTitle()).toBe(TITLES[2]);
    tick(2500);
    expect(slideTitle()).toBe(TITLES[3]);
  });

  it('stops at the end of the last slide and offers Watch again and Join the waitlist', () => {
    const { onJoin, onClose } = renderStory();
    tick(4 * 2500);
    expect(slideTitle()).toBe(TITLES[3]);
    expect(fills()).toEqual(['100%', '100%', '100%', '100%']);
    tick(10_000);
    expect(slideTitle()).toBe(TITLES[3]);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(onJoin).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Watch again' }));
    expect(slideTitle()).toBe(TITLES[0]);
    tick(2500);
    expect(slideTitle()).toBe(TITLES[1]);
  });

  it('goes forward with ArrowRight and Space, back with ArrowLeft, and restarts the slide timer', () => {
    renderStory();
    tick(2000);
    expect(press('ArrowRight')).toBe(false);
    expect(slideTitle()).toBe(TITLES[1]);
    expect(press(' ')).toBe(false);
    expect(slideTitle()).toBe(TITLES[2]);
    press('ArrowLeft');
    expect(slideTitle()).toBe(TITLES[1]);
    press('ArrowLeft');
    press('ArrowLeft');
    expect(slideTitle()).toBe(TITLES[0]);

    // A fresh 2500 ms for the slide reached by hand.
    press('ArrowRight');
    tick(2400);
    expect(slideTitle()).toBe(TITLES[1]);
    tick(100);
    expect(slideTitle()).toBe(TITLES[2]);
  });

  it('moves with the Previous and Next buttons; Previous is disabled on the first slide', () => {
    renderStory();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(slideTitle()).toBe(TITLES[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(slideTitle()).toBe(TITLES[0]);
  });

  it('closes on Escape and on the close button', () => {
    const { onClose } = renderStory();
    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close story' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('pauses and resumes the timer', () => {
    renderStory();
    tick(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Pause story' }));
    tick(10_000);
    expect(slideTitle()).toBe(TITLES[0]);
    expect(fills()[0]).toBe('40%');
    fireEvent.click(screen.getByRole('button', { name: 'Play story' }));
    tick(1500);
    expect(slideTitle()).toBe(TITLES[1]);
  });

  it('focuses the close button, keeps Tab inside, and hands focus back to the opener on close', () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Watch the story
          </button>
          <StorySlideshow open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Watch the story' });
    opener.focus();
    fireEvent.click(opener);

    const close = screen.getByRole('button', { name: 'Close story' });
    expect(close).toHaveFocus();
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    press('Tab');
    // Wrapped from the last control back to the first (Pause).
    expect(screen.getByRole('button', { name: 'Pause story' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(next).toHaveFocus();

    press('Escape');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('renders nothing and runs no timer while closed', () => {
    const { onClose } = renderStory({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    press('Escape');
    expect(onClose).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { SLIDE_PROGRESS_STEP, SLIDE_TICK_MS } from '../constants';
import { STORY_SLIDES, type StorySlide } from '../waitlist-content';
import { IconChevronLeft, IconChevronRight, IconClose, IconPause, IconPlay } from './icons';
import { SlideIllustration } from './illustrations';
import '../waitlist.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

type StorySlideshowProps = {
  open: boolean;
  onClose: () => void;
  /** Defaults to the four slides of SPEC §2. */
  slides?: readonly StorySlide[];
  /** The last slide's call to action; without it the button is not shown. */
  onJoin?: () => void;
};

type Position = { index: number; progress: number };
const START: Position = { index: 0, progress: 0 };

/**
 * SPEC §2 Waitlist slide-show: a full-screen story that advances every 2500 ms (its progress grows 4%
 * every 100 ms, SPEC §9), with ArrowLeft/ArrowRight, Space for next and Escape to close. Focus stays
 * inside while it is open and returns to the opener. Reduced motion turns off the animations, not the timer.
 */
export function StorySlideshow({ open, onClose, slides = STORY_SLIDES, onJoin }: StorySlideshowProps) {
  const titleId = useId();
  const [position, setPosition] = useState<Position>(START);
  const [paused, setPaused] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const last = slides.length - 1;
  const finished = position.index >= last && position.progress >= 100;

  const next = useCallback(() => {
    setPosition(({ index }) => (index < last ? { index: index + 1, progress: 0 } : { index: last, progress: 100 }));
  }, [last]);
  const previous = useCallback(() => {
    setPosition(({ index }) => ({ index: Math.max(0, index - 1), progress: 0 }));
  }, []);
  const restart = () => {
    setPosition(START);
    setPaused(false);
  };

  // Every opening starts at the first slide, playing.
  useEffect(() => {
    if (!open) return;
    setPosition(START);
    setPaused(false);
  }, [open]);

  // The timer: 4% every 100 ms, the next slide at 100%; it stops at the end of the last slide.
  useEffect(() => {
    if (!open || paused || finished) return;
    const timer = window.setInterval(() => {
      setPosition(({ index, progress }) => {
        const grown = progress + SLIDE_PROGRESS_STEP;
        if (grown < 100) return { index, progress: grown };
        return index < last ? { index: index + 1, progress: 0 } : { index, progress: 100 };
      });
    }, SLIDE_TICK_MS);
    return () => window.clearInterval(timer);
  }, [open, paused, finished, last]);

  // Focus in on open and back to the opener on close; the page behind does not scroll meanwhile.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    (closeRef.current ?? dialogRef.current)?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  // Keys are read on the document so they work wherever focus sits (it cannot leave the story).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      switch (event.key) {
        case 'Escape':
          event.preventDefault();
          onCloseRef.current();
          return;
        case 'ArrowRight':
          event.preventDefault();
          next();
          return;
        case 'ArrowLeft':
          event.preventDefault();
          previous();
          return;
        case ' ':
        case 'Spacebar':
          // Space is "next" here, also on a focused button (Enter still presses buttons).
          event.preventDefault();
          next();
          return;
        case 'Tab':
          trapFocus(event, dialogRef.current);
          return;
        default:
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, next, previous]);

  if (!open || slides.length === 0) return null;
  const slide = slides[Math.min(position.index, last)]!;
  const number = position.index + 1;

  return createPortal(
    <div ref={dialogRef} className="story" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="visually-hidden">
        The Crossfeed story
      </h2>
      <div className="story-frame">
        <div className="story-top">
          <div className="story-segments" aria-hidden="true">
            {slides.map((item, i) => (
              <span key={item.id} className="story-segment">
                <span
                  className="story-segment-fill"
                  data-testid="story-segment-fill"
                  style={{ width: `${i < position.index ? 100 : i === position.index ? position.progress : 0}%` }}
                />
              </span>
            ))}
          </div>
          <div className="story-toolbar">
            <p className="story-counter">
              <span aria-hidden="true">
                {number} / {slides.length}
              </span>
              <span className="visually-hidden">
                Slide {number} of {slides.length}
              </span>
            </p>
            <div className="story-toolbar-actions">
              <button
                type="button"
                className="story-icon-button"
                aria-label={paused ? 'Play story' : 'Pause story'}
                onClick={() => setPaused((value) => !value)}
                disabled={finished}
              >
                {paused ? <IconPlay /> : <IconPause />}
              </button>
              <button ref={closeRef} type="button" className="story-icon-button" aria-label="Close story" onClick={() => onCloseRef.current()}>
                <IconClose />
              </button>
            </div>
          </div>
        </div>

        {/* Announced only while paused: a rotating story that talks over itself helps nobody. */}
        <div key={slide.id} className="story-slide" role="group" aria-roledescription="slide" aria-label={`${number} of ${slides.length}`} aria-live={paused ? 'polite' : 'off'}>
          <SlideIllustration id={slide.id} className="story-illustration" />
          <h3 className="story-title">{slide.title}</h3>
          <p className="story-body">{slide.body}</p>
        </div>

        <div className="story-nav">
          <button type="button" className="story-nav-button" onClick={previous} disabled={position.index === 0}>
            <IconChevronLeft />
            <span>Previous</span>
          </button>
          {finished ? (
            <div className="story-finish">
              <button type="button" className="story-nav-button" onClick={restart}>
                Watch again
              </button>
              {onJoin ? (
                <button type="button" className="button button-primary story-join" onClick={onJoin}>
                  Join the waitlist
                </button>
              ) : null}
            </div>
          ) : (
            <button type="button" className="story-nav-button" onClick={next}>
              <span>Next</span>
              <IconChevronRight />
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}

function trapFocus(event: KeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const lastItem = focusable[focusable.length - 1];
  if (!first || !lastItem) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !container.contains(active);
  if (event.shiftKey && (active === first || active === container || outside)) {
    event.preventDefault();
    lastItem.focus();
  } else if (!event.shiftKey && (active === lastItem || outside)) {
    event.preventDefault();
    first.focus();
  }
}

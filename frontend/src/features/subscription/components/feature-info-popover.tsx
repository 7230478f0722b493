import { useEffect, useId, useRef, useState } from 'react';

type FeatureInfoPopoverProps = { feature: string; info: string };

/** An info button next to a plan feature; the explanation opens beside it and closes on Escape or outside click. */
export function FeatureInfoPopover({ feature, info }: FeatureInfoPopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  return (
    <span className="feature-info" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="feature-info-button"
        aria-label={`About ${feature}`}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        i
      </button>
      {open ? (
        <span id={id} role="tooltip" className="feature-info-popover">
          {info}
        </span>
      ) : null}
    </span>
  );
}

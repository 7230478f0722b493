import { useEffect, useRef } from 'react';

type ErrorDialogProps = { title: string; message: string | null; onClose: () => void };

/** A small modal alert for a failed save: focus moves to Close, Escape closes it. */
export function ErrorDialog({ title, message, onClose }: ErrorDialogProps) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!message) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [message, onClose]);

  if (!message) return null;
  return (
    <div className="profile-dialog-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="profile-error-title"
        aria-describedby="profile-error-message"
        className="profile-dialog"
      >
        <h2 id="profile-error-title">{title}</h2>
        <p id="profile-error-message">{message}</p>
        <button ref={closeButton} type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

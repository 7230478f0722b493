import { useEffect, useRef } from 'react';

type FormMessageProps = { tone: 'error' | 'success' | 'info'; children: string | null };

/**
 * The one message under a form: errors are announced at once, successes and notices politely. A message
 * that appears or changes is scrolled into view (the nearest edge, within a scrolling dialog or the page),
 * so it is never below the fold where the person cannot see that anything happened.
 */
export function FormMessage({ tone, children }: FormMessageProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (children) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [children]);
  if (!children) return null;
  return (
    <p ref={ref} className={`form-message form-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

type FormMessageProps = { tone: 'error' | 'success' | 'info'; children: string | null };

/** The one message under a form: errors are announced at once, successes and notices politely. */
export function FormMessage({ tone, children }: FormMessageProps) {
  if (!children) return null;
  return (
    <p className={`form-message form-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

import type { ReactNode } from 'react';
import { API_DOCS_PATH } from '../messages';

/** The window's one line on how to use what it makes, and the API reference in a new tab. */
export function ApiDocsNote({ children }: { children: ReactNode }) {
  return (
    <p className="developer-intro">
      {children}{' '}
      <a href={API_DOCS_PATH} target="_blank" rel="noopener noreferrer">
        API reference<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

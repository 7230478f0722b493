import type { ReactNode } from 'react';

type ContentLayoutProps = {
  /** Shown as the page heading and in the browser tab. */
  title: string;
  /** Heading text when it differs from the tab title. */
  heading?: string;
  children?: ReactNode;
};

export function ContentLayout({ title, heading, children }: ContentLayoutProps) {
  return (
    <section className="content-layout">
      {/* React 19 hoists <title> into the document head. */}
      <title>{`${title} · Crossfeed`}</title>
      <h1 className="page-title">{heading ?? title}</h1>
      {children}
    </section>
  );
}

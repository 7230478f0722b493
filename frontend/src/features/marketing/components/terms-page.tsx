import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { TERMS_SECTIONS } from '../marketing-content';
import '../marketing.css';

/** /terms: the Terms of Service, with the Privacy section the footer links to (/terms#privacy). */
export function TermsPage() {
  const { hash } = useLocation();

  // Client-side navigation does not scroll to a fragment by itself.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  return (
    <ContentLayout title="Terms" heading="Terms of Service">
      <p className="lead">The rules for using Crossfeed, written to be read.</p>
      <nav className="terms-toc" aria-label="Sections">
        <ol>
          {TERMS_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="terms-body">
        {TERMS_SECTIONS.map((section, index) => (
          <section key={section.id} id={section.id} className="terms-section" aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </ContentLayout>
  );
}

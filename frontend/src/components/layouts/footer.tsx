import { Link } from 'react-router-dom';

// Blog and Privacy are placeholders (SPEC.md section 2): Blog points at the waitlist page, whose
// "Progress & Updates" tab holds the product news, and Privacy at the privacy section of the terms.
const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/waitlist', label: 'Blog' },
  { to: '/terms', label: 'Terms' },
  { to: '/terms#privacy', label: 'Privacy' },
  { to: '/pricing', label: 'Pricing' },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav aria-label="Footer">
          <ul className="footer-links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <a className="footer-social" href="https://x.com/crossfeed" target="_blank" rel="noopener noreferrer" aria-label="Crossfeed on X">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M18.9 2H22l-6.8 7.8L23.2 22h-6.3l-4.9-6.4L6.4 22H3.3l7.3-8.3L2.9 2h6.4l4.4 5.9L18.9 2Zm-1.1 18.1h1.7L8.3 3.8H6.4l11.4 16.3Z"
            />
          </svg>
          <span>@crossfeed</span>
        </a>
        {/* A page prerendered at build time may be hydrated in a later year: the year is then simply replaced. */}
        <p className="footer-copyright" suppressHydrationWarning>
          © {year} Crossfeed. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

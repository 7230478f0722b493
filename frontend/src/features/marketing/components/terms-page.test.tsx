import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TERMS_SECTIONS } from '../marketing-content';
import { TermsPage } from './terms-page';

const renderTerms = (url = '/terms') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <TermsPage />
    </MemoryRouter>,
  );

describe('TermsPage', () => {
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('shows the Terms of Service with a numbered heading per section and a table of contents', () => {
    renderTerms();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(TERMS_SECTIONS.length);
    expect(headings[0]).toHaveTextContent('1. Acceptance of these terms');
    const toc = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(toc).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '#privacy');
  });

  it('states the plan limits, the price and the guarantee from the shared constants', () => {
    renderTerms();
    expect(screen.getByText(/up to 3 pieces of content per week and share up to 3 times per day/)).toBeInTheDocument();
    expect(screen.getByText(/\$12 USD per month/)).toBeInTheDocument();
    expect(screen.getByText(/14-day money-back guarantee/)).toBeInTheDocument();
    expect(screen.getByText(/The first 100 members receive lifetime free access/)).toBeInTheDocument();
  });

  it('has the Privacy section the footer links to, and scrolls to it for /terms#privacy', () => {
    const scrollIntoView = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true, writable: true });
    renderTerms('/terms#privacy');
    const privacy = document.getElementById('privacy');
    expect(privacy).toHaveTextContent('We do not sell your personal data.');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(privacy);
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './about-page';

const renderAbout = () =>
  render(
    <MemoryRouter>
      <AboutPage />
    </MemoryRouter>,
  );

describe('AboutPage', () => {
  it('shows the business metrics of SPEC §1', () => {
    renderAbout();
    const metrics = screen.getByRole('region', { name: 'Crossfeed in numbers' });
    const value = (label: string) => within(metrics).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Launched')).toBe('2023');
    expect(value('Active users')).toBe('7,500+');
    expect(value('Annual revenue')).toBe('$24,000+');
    expect(value('Signups last month')).toBe('1,250');
    expect(value('Countries reached')).toBe('19');
    expect(value('Founder-built and run')).toBe('Solo');
  });

  it("has the founder's note", () => {
    renderAbout();
    const note = screen.getByRole('region', { name: 'A note from the founder' });
    expect(note.querySelector('blockquote')).toHaveTextContent('I started Crossfeed because');
    expect(within(note).getByText('Founder, Crossfeed')).toBeInTheDocument();
  });

  it('has a Get Started link to /signup', () => {
    renderAbout();
    expect(screen.getByRole('heading', { level: 1, name: 'About Crossfeed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_EMAIL } from '../marketing-content';
import { contactMailto } from '../utils/contact-mail';
import { ContactPage } from './contact-page';

function renderContact() {
  const openMailto = vi.fn();
  render(
    <MemoryRouter>
      <ContactPage openMailto={openMailto} />
    </MemoryRouter>,
  );
  return { openMailto };
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Write email' }));

describe('ContactPage', () => {
  it('asks for name, email and message before opening anything', async () => {
    const user = userEvent.setup();
    const { openMailto } = renderContact();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    send();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name, email and message.');
    expect(openMailto).not.toHaveBeenCalled();
  });

  it("refuses an invalid email with 'Please enter a valid email address.'", async () => {
    const user = userEvent.setup();
    const { openMailto } = renderContact();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    send();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(openMailto).not.toHaveBeenCalled();
  });

  it('opens a mailto: link to Crossfeed with the topic, message and sender filled in', async () => {
    const user = userEvent.setup();
    const { openMailto } = renderContact();
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.selectOptions(screen.getByLabelText('Topic'), 'Partnerships');
    await user.type(screen.getByLabelText('Message'), 'Let us work together & grow.');
    send();

    expect(openMailto).toHaveBeenCalledTimes(1);
    const url = new URL(openMailto.mock.calls[0]![0] as string);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(CONTACT_EMAIL);
    expect(url.searchParams.get('subject')).toBe('Partnerships from Ada Lovelace');
    expect(url.searchParams.get('body')).toBe('Let us work together & grow.\n\nAda Lovelace\nada@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('Your email app should now open with your message.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the address, the response time and the social link', () => {
    renderContact();
    expect(screen.getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute('href', `mailto:${CONTACT_EMAIL}`);
    expect(screen.getByText('We reply within two business days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@crossfeed on X' })).toHaveAttribute('href', 'https://x.com/crossfeed');
    expect(screen.getByRole('link', { name: 'pricing FAQ' })).toHaveAttribute('href', '/pricing');
  });
});

describe('contactMailto', () => {
  it('encodes the subject and body', () => {
    expect(contactMailto({ name: ' Bo ', email: 'bo@x.io', topic: 'Press', message: 'Hi?' }, 'a@b.co')).toBe(
      'mailto:a@b.co?subject=Press%20from%20Bo&body=Hi%3F%0A%0ABo%0Abo%40x.io',
    );
  });
});

import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { FormMessage } from '@/components/ui/form-message';
import { IconClock, IconHelp, IconMail } from '@/components/ui/icons';
import { CONTACT_EMAIL, CONTACT_TOPICS, SOCIAL_HANDLE, SOCIAL_URL } from '../marketing-content';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  contactMailto,
  validateContactMessage,
} from '../utils/contact-mail';
import { IconMessage } from './icons';
import '../marketing.css';

type ContactPageProps = {
  /** Opens the visitor's email app; replaceable in tests. */
  openMailto?: (url: string) => void;
};

const openInMailApp = (url: string) => window.location.assign(url);

/**
 * SPEC §2 /contact (linked from the menu). There is no contact API, so the form composes an email in the
 * visitor's own mail app (mailto:), and the page lists the address for anyone who prefers to write directly.
 */
export function ContactPage({ openMailto = openInMailApp }: ContactPageProps) {
  const ids = { name: useId(), email: useId(), topic: useId(), message: useId() };
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [topic, setTopic] = useState<string>(CONTACT_TOPICS[0]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const draft = { name, email, topic, message };
    const invalid = validateContactMessage(draft);
    setError(invalid);
    setOpened(false);
    if (invalid) return;
    openMailto(contactMailto(draft));
    setOpened(true);
  };

  return (
    <ContentLayout title="Contact" heading="Contact us">
      <p className="lead">Questions, ideas or trouble with your account? We read every message.</p>

      <div className="contact-layout">
        <form className="contact-form" aria-label="Contact Crossfeed" noValidate onSubmit={handleSubmit}>
          <div className="contact-form-row">
            <div className="form-field">
              <label htmlFor={ids.name}>Name</label>
              <input id={ids.name} type="text" autoComplete="name" maxLength={CONTACT_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="form-field">
              <label htmlFor={ids.email}>Email</label>
              <input
                id={ids.email}
                type="email"
                autoComplete="email"
                maxLength={CONTACT_EMAIL_MAX}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
          </div>
          <div className="form-field">
            <label htmlFor={ids.topic}>Topic</label>
            <select id={ids.topic} value={topic} onChange={(e) => setTopic(e.target.value)}>
              {CONTACT_TOPICS.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={ids.message}>Message</label>
            <textarea
              id={ids.message}
              rows={6}
              maxLength={CONTACT_MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <FormMessage tone="error">{error}</FormMessage>
          <FormMessage tone="success">
            {opened ? `Your email app should now open with your message. If it doesn't, write to us at ${CONTACT_EMAIL}.` : null}
          </FormMessage>
          <button type="submit" className="button button-primary">
            <IconMail size={18} />
            Write email
          </button>
          <p className="form-footnote">This opens your own email app. Nothing is sent until you press send there.</p>
        </form>

        <aside className="contact-info" aria-label="Other ways to reach us">
          <div className="contact-card">
            <span className="icon-badge">
              <IconMail size={22} />
            </span>
            <div>
              <h2 className="contact-card-title">Email</h2>
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </div>
          </div>
          <div className="contact-card">
            <span className="icon-badge">
              <IconClock size={22} />
            </span>
            <div>
              <h2 className="contact-card-title">Response time</h2>
              <p>We reply within two business days.</p>
            </div>
          </div>
          <div className="contact-card">
            <span className="icon-badge">
              <IconMessage />
            </span>
            <div>
              <h2 className="contact-card-title">Social</h2>
              <a href={SOCIAL_URL} target="_blank" rel="noopener noreferrer">
                {SOCIAL_HANDLE} on X
              </a>
            </div>
          </div>
          <div className="contact-card">
            <span className="icon-badge">
              <IconHelp size={22} />
            </span>
            <div>
              <h2 className="contact-card-title">Quick answers</h2>
              <p>
                See the <Link to="/pricing">pricing FAQ</Link> or the <Link to="/waitlist">waitlist</Link> page.
              </p>
            </div>
          </div>
        </aside>
      </div>
    </ContentLayout>
  );
}

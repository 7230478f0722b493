import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ABOUT_METRICS, FOUNDER_NOTE, HOW_IT_WORKS } from '../marketing-content';
import { IconArrowRight, IconQuote } from './icons';
import '../marketing.css';

/** SPEC §2 /about: the business metrics and the founder's note, with a Get Started link to /signup. */
export function AboutPage() {
  return (
    <ContentLayout title="About" heading="About Crossfeed">
      <p className="lead">Creators promoting creators, since 2023.</p>
      <p className="marketing-text">
        Crossfeed is a content-sharing and cross-promotion platform for creators and publishers. Queue links to your own
        work, get matched with creators who share your interests, and share their content with your contacts. Every share
        releases your own content to their audiences.
      </p>

      <section className="marketing-section" aria-labelledby="about-metrics-heading">
        <h2 id="about-metrics-heading" className="marketing-heading">
          Crossfeed in numbers
        </h2>
        <dl className="metric-grid">
          {ABOUT_METRICS.map((metric) => (
            <div key={metric.label} className="metric">
              <dt className="metric-label">{metric.label}</dt>
              <dd className="metric-value">{metric.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="marketing-section" aria-labelledby="about-how-heading">
        <h2 id="about-how-heading" className="marketing-heading">
          How it works
        </h2>
        <ol className="step-cards">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="step-card">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step-title">{step.title}</h3>
              <p className="step-text">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="marketing-section founder-note" aria-labelledby="about-founder-heading">
        <span className="founder-note-icon">
          <IconQuote size={28} />
        </span>
        <h2 id="about-founder-heading" className="marketing-heading">
          A note from the founder
        </h2>
        <blockquote className="founder-quote">
          {FOUNDER_NOTE.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </blockquote>
        <p className="founder-signature">Founder, Crossfeed</p>
      </section>

      <section className="marketing-cta" aria-labelledby="about-cta-heading">
        <div>
          <h2 id="about-cta-heading" className="marketing-heading">
            Ready to grow together?
          </h2>
          <p className="marketing-text">Create your free account and start cross-promoting in minutes.</p>
        </div>
        <Link to="/signup" className="button button-primary marketing-cta-button">
          Get Started
          <IconArrowRight size={18} />
        </Link>
      </section>
    </ContentLayout>
  );
}

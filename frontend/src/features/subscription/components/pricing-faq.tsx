import { PRICING_FAQ } from '../plans';

/** SPEC §2 Pricing FAQ; native disclosure widgets, one per question. */
export function PricingFaq() {
  return (
    <section className="pricing-faq" aria-labelledby="pricing-faq-heading">
      <h2 id="pricing-faq-heading">Frequently asked questions</h2>
      {PRICING_FAQ.map((entry) => (
        <details key={entry.question} className="faq-item">
          <summary>{entry.question}</summary>
          <p>{entry.answer}</p>
        </details>
      ))}
    </section>
  );
}

import { ContentLayout } from '@/components/layouts/content-layout';
import { PricingFaq } from '@/features/subscription/components/pricing-faq';
import { PricingPlans } from '@/features/subscription/components/pricing-plans';
import { PRICING_TEXT_READING } from '@/features/subscription/plans';

export default function PricingPage() {
  return (
    <ContentLayout title="Pricing" heading="Simple pricing for creators">
      <p className="lead">
        Start free. Upgrade to Premium when you want more reach. {PRICING_TEXT_READING}
      </p>
      <PricingPlans />
      <PricingFaq />
    </ContentLayout>
  );
}

import { usePageTitle } from '@vton/shell-sdk';
import { Hero } from '../features/landing/components/Hero';
import { Benefits } from '../features/landing/components/Benefits';
import { ClosingCta } from '../features/landing/components/ClosingCta';
import { PricingSection } from '../features/pricing/components/PricingSection';
import { TestimonialsSection } from '../features/testimonials/components/TestimonialsSection';
import { FaqSection } from '../features/faq/components/FaqSection';
import { SiteFooter } from '../components/SiteFooter';

/** Spec §2: hero, benefits, pricing, testimonials, FAQ, closing call to action, footer — in this order. */
export function LandingPage() {
  usePageTitle('Product Placement Wizardry');
  return (
    <>
      <Hero />
      <Benefits />
      <PricingSection />
      <TestimonialsSection />
      <FaqSection />
      <ClosingCta />
      <SiteFooter />
    </>
  );
}

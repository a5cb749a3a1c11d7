/** Spec §3 "Testimonial"; avatar holds the initials drawn in place of a photo. */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  company: string;
  avatar: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'We used to book a studio every time a collection dropped. Now I upload the flat-lay, paint the shirt area on our model photos and the whole lookbook is done in an afternoon.',
    name: 'Maya Okafor',
    role: 'Founder',
    company: 'Thread & Thimble',
    avatar: 'MO',
  },
  {
    quote:
      'The 4K exports go straight onto our product pages. Customers cannot tell which shots came from a photographer and which came from the studio.',
    name: 'Daniel Brooks',
    role: 'E-commerce Manager',
    company: 'Northline Outfitters',
    avatar: 'DB',
  },
  {
    quote:
      'I send a batch of eight models while I write the captions. A minute later every variation is in my gallery, ready to download.',
    name: 'Sofia Lindqvist',
    role: 'Content Creator',
    company: 'Sofia Styles',
    avatar: 'SL',
  },
  {
    quote:
      'A few brush strokes on the mask and the garment lands exactly where I want it. Our cost per product image dropped by about 80%.',
    name: 'Arjun Mehta',
    role: 'Head of Marketing',
    company: 'Kite & Co.',
    avatar: 'AM',
  },
];

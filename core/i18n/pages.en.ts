/**
 * Long-form copy of the static pages (SPEC §2 "Policy pages", §9 "Policy figures"), per locale.
 * `{shop}`, `{email}` and `{phone}` are filled in from the shop's configuration.
 * Where SPEC keeps two differing statements (delivery days, return window), each stays where SPEC puts it:
 * the policy pages carry the §9 figures, the contact page its Quick Answers.
 */
export interface PageSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export interface PageCopy {
  title: string;
  description: string;
  intro: string;
  updated?: string;
  sections: PageSection[];
  closing?: string;
}

export const pagesEn = {
  about: {
    title: "About Us",
    description: "The story of {shop}: modest and ethnic fashion made with care in the UAE.",
    intro:
      "{shop} began at a cutting table in Dubai, with a love for fabrics that move beautifully and clothes that respect the women who wear them.",
    sections: [
      {
        heading: "Our story",
        paragraphs: [
          "We grew up between the souks of the Emirates and the tailoring lanes of Lahore and Karachi, where a dress is measured twice and stitched once. {shop} brings those two worlds together: graceful abayas for every day, designer jalabiyas for celebrations, and Pakistani dresses and unstitched fabrics for women who like to make a piece their own.",
          "Every design starts with the fabric. We choose breathable Nida, fluid crepe, soft lawn and rich khaddar for the climate and the occasion, then finish each piece with the details that make it last: clean seams, hand-set embellishment and honest sizing from XS/50 to XL/58.",
        ],
      },
      {
        heading: "Made to fit you",
        paragraphs: [
          "Not every body fits a size chart, and it shouldn't have to. Our custom stitching service measures, cuts and sews to your measurements, whether you bring your own fabric or choose one of ours.",
        ],
        bullets: [
          "Limited-edition designs, produced in small runs",
          "Premium fabrics chosen for the UAE climate",
          "Handcrafted finishing and careful quality checks",
          "Free shipping across the UAE on every order",
        ],
      },
      {
        heading: "Our promise",
        paragraphs: [
          "We answer every message ourselves, we tell you honestly when a piece will arrive, and we stand behind what we make. If something is not right, write to us at {email} or call {phone}.",
        ],
      },
    ],
    closing: "Reviving tradition, redefining fashion.",
  },
  terms: {
    title: "Terms & Conditions",
    description: "The terms that apply when you browse and shop at {shop}.",
    intro:
      "These terms apply to every visit to and purchase from this website. By using the site or placing an order you agree to them.",
    updated: "2026-11-01",
    sections: [
      {
        heading: "Who we are",
        paragraphs: [
          "This website and everything on it, including its designs, photographs, text and brand, is owned and operated by {shop}, a company registered in the United Arab Emirates. Nothing on the site may be copied or reused without our written permission.",
        ],
      },
      {
        heading: "Governing law",
        paragraphs: [
          "These terms, and any dispute arising from them or from your use of the site, are governed by the laws of the United Arab Emirates. The courts of the UAE have jurisdiction.",
        ],
      },
      {
        heading: "Who may shop with us",
        bullets: [
          "You must be 18 years or older to register or place an order; users under 18 are not permitted to use the site to buy.",
          "We do not trade with or ship to countries under OFAC sanctions, and orders from such countries will be refused.",
          "You are responsible for keeping your account details and password confidential.",
        ],
      },
      {
        heading: "Payments",
        paragraphs: [
          "We accept payments online by Visa and MasterCard credit and debit cards, in UAE Dirhams (AED). Card payments are processed by our payment provider on its secure hosted page. If you pay in another currency, your bank's exchange rate and fees apply.",
        ],
      },
      {
        heading: "Products, prices and availability",
        paragraphs: [
          "We describe and photograph our products as accurately as we can; colours may differ slightly between screens. Prices are shown in AED and may change without notice, but the price you pay is the one confirmed when you place your order. If an item becomes unavailable after you order, we will tell you and refund you in full.",
        ],
      },
      {
        heading: "Changes to these terms",
        paragraphs: [
          "We may update these terms from time to time. The version published on this page when you place an order is the one that applies to it.",
        ],
      },
    ],
  },
  privacy: {
    title: "Privacy & Cookies",
    description: "How {shop} handles your personal data and uses cookies.",
    intro:
      "Your privacy matters to us. This page explains what we collect, why, and what we never do with it.",
    updated: "2026-11-01",
    sections: [
      {
        heading: "Your card and personal data",
        paragraphs: [
          "All credit and debit card details and personally identifiable information will NOT be stored, sold, shared, rented or leased to any third parties. Card details are entered on our payment provider's secure page and never reach our servers.",
          "We keep only what we need to serve you: your name, contact details, delivery addresses and order history, used to deliver your orders, answer your messages and keep your account working.",
        ],
      },
      {
        heading: "Cookies",
        paragraphs: [
          "The website uses cookies and similar browser storage to keep you signed in, remember your cart and wishlist, and remember choices such as a dismissed announcement. You can clear or block cookies in your browser settings, though parts of the site may then not work as expected.",
        ],
      },
      {
        heading: "Your choices",
        bullets: [
          "You can view and update your profile and addresses in My Account at any time.",
          "You can ask us to delete your account and personal data by writing to {email}.",
        ],
      },
      {
        heading: "Changes to this policy",
        paragraphs: [
          "The website policies and terms and conditions may be changed or updated occasionally to meet requirements and standards. Customers are encouraged to visit these sections frequently to stay informed about changes. Modifications are effective on the day they are posted.",
        ],
      },
    ],
  },
  shipping: {
    title: "Shipping Policy",
    description: "Delivery times and fees for orders from {shop}, in the UAE and abroad.",
    intro: "We pack every order with care and hand it to our courier partners as soon as it is ready.",
    updated: "2026-11-01",
    sections: [
      {
        heading: "Delivery times",
        bullets: ["Within the UAE: 1 to 3 working days.", "International: 4 to 10 working days."],
        paragraphs: [
          "Made-to-measure and custom stitched pieces ship once they are finished; their stitching time is given on the stitching service page.",
        ],
      },
      {
        heading: "Delivery fees",
        bullets: [
          "UAE deliveries: a flat fee of AED 20.",
          "International deliveries: the fee depends on the destination and is shown at checkout before you pay.",
        ],
      },
      {
        heading: "Order confirmation",
        paragraphs: [
          "Once your payment is confirmed you will receive a confirmation e-mail within 24 hours. If it does not arrive, please check your spam folder or contact us at {email}.",
        ],
      },
    ],
  },
  returns: {
    title: "Returns & Refunds",
    description: "How to return an item to {shop}, and when refunds and cancellations apply.",
    intro: "If something is not right with your order, we will put it right.",
    updated: "2026-11-01",
    sections: [
      {
        heading: "Returns",
        paragraphs: [
          "You may return an item within 3 days of delivery if it is unopened, or if you received the wrong item or a damaged one. Please contact us at {email} or {phone} before sending anything back, so we can arrange the return.",
        ],
        bullets: [
          "Items must be returned with their original tags and packaging.",
          "Shipping and handling fees are non-refundable.",
          "Custom stitched pieces are made to your measurements and cannot be returned unless faulty.",
        ],
      },
      {
        heading: "Refunds",
        paragraphs: [
          "Once we receive and inspect your return, refunds are made to the original card used for the purchase. Depending on your bank, a refund takes 10 to 45 days to appear on your statement.",
        ],
      },
      {
        heading: "Cancellations",
        paragraphs: [
          "You can cancel an order within 24 hours of placing it by contacting us. Processing a cancellation refund can take up to 45 days, depending on your card issuer.",
        ],
      },
    ],
  },
} as const satisfies Record<string, PageCopy>;

export type PageKey = keyof typeof pagesEn;

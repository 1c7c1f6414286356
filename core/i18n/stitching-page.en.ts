/**
 * The /stitching-service page's copy (SPEC §2, §4, §8, §9 Stitching figures), per locale, as pages.en.ts
 * keeps the static pages' copy: only that page imports it. `{name}` marks a value filled in by `fill()`.
 */
export const stitchingPageEn = {
  metaTitle: "Custom Stitching Service in the UAE | {shop}",
  metaDescription:
    "Made-to-measure abayas, jalabiyas and ethnic wear by {shop}'s tailors, measured at your address in Dubai, Sharjah, Ajman and Ras Al Khaimah, ready in 7 to 14 business days.",
  ldServiceType: "Custom tailoring and stitching",
  eyebrow: "Made to measure",
  title: "Custom Stitching Service",
  intro:
    "Bring your fabric or choose ours. Our tailors measure you at home or at the office, then cut and stitch every piece to your exact fit.",
  cta: "Request stitching",
  benefits: "Why stitch with us",
  tiles: [
    {
      key: "tailoring",
      title: "Expert Tailoring",
      text: "Experienced tailors for abayas, jalabiyas and ethnic wear.",
    },
    { key: "fit", title: "Perfect Fit", text: "Cut to your own measurements, taken by our team." },
    {
      key: "fabrics",
      title: "Premium Fabrics",
      text: "Your fabric, or one of our Nida, crepe, chiffon and lawn.",
    },
    { key: "turnaround", title: "Quick Turnaround", text: "Ready in 7 to 14 business days." },
  ],

  formTitle: "Request a stitching service",
  formIntro: "Fields marked * are required.",
  name: "Full Name",
  phone: "Phone Number",
  phonePlaceholder: "050 123 4567",
  phoneHint: "A UAE mobile number, such as 050 123 4567.",
  addressType: "Address Type",
  addressTypes: { Home: "Home", Office: "Office", Other: "Other" },
  city: "City",
  fullAddress: "Full Address",
  fullAddressPlaceholder: "Building, street, apartment",
  landmark: "Landmark",
  pinCode: "Pin Code",
  pinCodeHint: "6 digits.",
  serviceType: "Service Type",
  itemCount: "Number of Items",
  itemCountHint: "1 to {max}. For a larger order, please contact us.",
  fewer: "One item fewer",
  more: "One item more",
  message: "Message",
  messagePlaceholder: "Design ideas, fabric, good times to call…",
  honeypot: "Leave this field empty",
  submit: "Submit Request",
  busy: "Submitting...",
  successNext: "We will call you within 24 hours to arrange your measurement.",
  unreachable: "We could not reach the stitching service. Please contact the shop by e-mail or phone:",

  panelTitle: "Good to know",
  processing: "Processing time",
  processingText: "7 to 14 business days from measurement to delivery.",
  measurement: "Measurement process",
  steps: [
    "Send this form with the service and the number of items.",
    "We call you to agree on the design and a time to measure you.",
    "Our tailor measures you at your address; we stitch and deliver.",
  ],
  areas: "Service areas",
  areasList: "Dubai, Sharjah, Ajman, Ras Al Khaimah",
  areasOther: "Other Emirates on request: please contact us.",
  guarantee: "Quality guarantee",
  guaranteeText: "Free minor alterations within 15 days of delivery.",
  contact: "Contact us",
  response: "We respond to every request within 24 hours.",
};

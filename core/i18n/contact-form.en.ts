/**
 * The /contact message form's copy (SPEC §2, §8), per locale, as pages.en.ts keeps the static pages'
 * copy: only the contact page imports it, so other pages carry none of it.
 */
export const contactFormEn = {
  title: "Send us a message",
  jump: "Write to us",
  intro: "We reply within 24 hours, usually within 4-6 hours during business hours.",
  name: "Your Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
  submit: "Send Message",
  busy: "Sending...",
  unreachable: "We could not reach our server. Please contact the store directly:",
  honeypot: "Leave this field empty",
};

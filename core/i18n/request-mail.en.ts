/**
 * The request mails' copy (issue 12), per locale: only the server imports it. `{name}` marks a value
 * filled in by `fill()`.
 */
/** One mail to the shop with everything sent, one acknowledgement to the shopper. */
export const requestMailEn = {
  reference: "Reference: {reference}",
  account: "Signed-in account: {account}",
  guest: "Sent without signing in.",
  contactShopSubject: "Message {reference}: {subject}",
  contactShopIntro: "A new message arrived through the contact form.",
  contactAckSubject: "We received your message ({reference})",
  contactAckIntro:
    "Hello {name}, thank you for contacting {shop}. We received your message and will reply within 24 hours.",
  stitchingShopSubject: "Stitching request {reference}: {service}, {count} items, {name}",
  stitchingShopIntro: "A new stitching request arrived. Please call the shopper within 24 hours.",
  stitchingAckSubject: "Your stitching request {reference}",
  stitchingAckIntro:
    "Hello {name}, thank you for your stitching request for {service}. We respond within 24 hours to arrange your measurement.",
  labels: {
    name: "Name",
    email: "Email",
    subject: "Subject",
    message: "Message",
    phone: "Phone",
    addressType: "Address type",
    fullAddress: "Full address",
    landmark: "Landmark",
    city: "City",
    pinCode: "Pin code",
    serviceType: "Service type",
    itemCount: "Items",
  },
  signature: "{shop}",
};

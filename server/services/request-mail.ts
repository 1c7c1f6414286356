import { requestMailAr, SERVICE_TYPES_AR } from "#core/i18n/request-mail.ar.ts";
import { requestMailEn as copy } from "#core/i18n/request-mail.en.ts";
import type { Locale } from "#core/locale.ts";
import type { ContactMessageInput } from "#core/schemas/contact.schema.ts";
import type { StitchingRequestInput } from "#core/schemas/stitching.schema.ts";
import { escapeHtml, type MailMessage } from "../integrations/mail.ts";

/** The shop's details the request mails show. */
export interface MailShop {
  name: string;
  email: string;
  phone: string;
  /** The shop's name in Arabic mails (issue 14); `name` when absent. */
  nameAr?: string;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** The shopper's acknowledgement in their language (issue 14); the shop's own mails stay English. */
function ackCopy(locale: Locale) {
  const ar = locale === "ar";
  return {
    copy: ar ? requestMailAr : copy,
    service: (value: string) =>
      ar ? (SERVICE_TYPES_AR[value as keyof typeof SERVICE_TYPES_AR] ?? value) : value,
    shopName: (shop: MailShop) => (ar ? (shop.nameAr ?? shop.name) : shop.name),
  };
}

type Row = [label: string, value: string];

function layout(
  shop: MailShop,
  intro: string,
  reference: string,
  rows: Row[],
  footer: string[],
  locale: Locale = "en",
) {
  const { copy, shopName } = ackCopy(locale);
  const name = shopName(shop);
  const referenceLine = fill(copy.reference, { reference });
  const text = [
    intro,
    "",
    referenceLine,
    "",
    ...rows.map(([label, value]) => (value.includes("\n") ? `${label}:\n${value}\n` : `${label}: ${value}`)),
    ...(rows.length ? [""] : []),
    ...footer,
    "",
    fill(copy.signature, { shop: name }),
    `${shop.phone} · ${shop.email}`,
    "",
  ].join("\n");
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:${locale === "ar" ? "6px 0 6px 12px" : "6px 12px 6px 0"};vertical-align:top;color:#6b625b;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html>
<html lang="${locale}"${locale === "ar" ? ' dir="rtl"' : ""}><body style="margin:0;padding:24px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#2b2420">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 8px;font-size:18px;font-weight:bold">${escapeHtml(name)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;font-size:16px;font-weight:bold">${escapeHtml(referenceLine)}</p>
${cells ? `<table style="border-collapse:collapse;font-size:14px;line-height:1.5">${cells}</table>` : ""}
${footer.map((line) => `<p style="margin:16px 0 0;font-size:13px;color:#6b625b">${escapeHtml(line)}</p>`).join("")}
<p style="margin:24px 0 0;font-size:13px;color:#6b625b">${escapeHtml(shop.phone)} · ${escapeHtml(shop.email)}</p>
</div></body></html>`;
  return { text, html };
}

const sender = (account: string | null) => (account ? fill(copy.account, { account }) : copy.guest);

/** To the shop: everything the shopper wrote, so it can be answered from the mailbox. */
export function contactShopMail(
  shop: MailShop,
  reference: string,
  input: ContactMessageInput,
  account: string | null,
): MailMessage {
  const { text, html } = layout(
    shop,
    copy.contactShopIntro,
    reference,
    [
      [copy.labels.name, input.name],
      [copy.labels.email, input.email],
      [copy.labels.subject, input.subject],
      [copy.labels.message, input.message],
    ],
    [sender(account)],
  );
  return {
    kind: "contact-message",
    to: shop.email,
    subject: fill(copy.contactShopSubject, { reference, subject: input.subject }),
    text,
    html,
  };
}

/**
 * To the shopper: the reference and when to expect a reply. It repeats neither the subject nor the
 * message, so the form cannot be used to send someone else arbitrary text from the shop's address.
 */
export function contactAckMail(
  shop: MailShop,
  reference: string,
  input: ContactMessageInput,
  locale: Locale = "en",
): MailMessage {
  const ack = ackCopy(locale);
  const { text, html } = layout(
    shop,
    fill(ack.copy.contactAckIntro, { name: input.name, shop: ack.shopName(shop) }),
    reference,
    [],
    [],
    locale,
  );
  return {
    kind: "contact-ack",
    to: input.email,
    subject: fill(ack.copy.contactAckSubject, { reference }),
    text,
    html,
  };
}

export function stitchingShopMail(
  shop: MailShop,
  reference: string,
  input: StitchingRequestInput,
  account: string | null,
): MailMessage {
  const rows: Row[] = [
    [copy.labels.name, input.name],
    [copy.labels.phone, input.phoneNumber],
    [copy.labels.serviceType, input.serviceType],
    [copy.labels.itemCount, String(input.itemCount)],
    [copy.labels.addressType, input.addressType],
    [copy.labels.fullAddress, input.fullAddress],
    ...(input.landmark ? [[copy.labels.landmark, input.landmark] as Row] : []),
    [copy.labels.city, input.city],
    [copy.labels.pinCode, input.pinCode],
    ...(input.message ? [[copy.labels.message, input.message] as Row] : []),
  ];
  const { text, html } = layout(shop, copy.stitchingShopIntro, reference, rows, [sender(account)]);
  return {
    kind: "stitching-request",
    to: shop.email,
    subject: fill(copy.stitchingShopSubject, {
      reference,
      service: input.serviceType,
      count: input.itemCount,
      name: input.name,
    }),
    text,
    html,
  };
}

/** To the signed-in shopper's verified address: the reference and SPEC §9's 24-hour response. */
export function stitchingAckMail(
  shop: MailShop,
  reference: string,
  input: StitchingRequestInput,
  to: string,
  locale: Locale = "en",
): MailMessage {
  const ack = ackCopy(locale);
  const service = ack.service(input.serviceType);
  const { text, html } = layout(
    shop,
    fill(ack.copy.stitchingAckIntro, { name: input.name, service }),
    reference,
    [
      [ack.copy.labels.serviceType, service],
      [ack.copy.labels.itemCount, String(input.itemCount)],
    ],
    [],
    locale,
  );
  return {
    kind: "stitching-ack",
    to,
    subject: fill(ack.copy.stitchingAckSubject, { reference }),
    text,
    html,
  };
}

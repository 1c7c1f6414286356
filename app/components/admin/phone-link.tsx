/**
 * A phone number the owner can tap to call (issue 26: the back office on a phone). The dialled number
 * keeps only the digits and a leading +, as typed or stored (`+9715…`, `050 …`).
 */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

export function PhoneLink({ phone, className = "" }: { phone: string; className?: string }) {
  return (
    <a href={telHref(phone)} className={`underline underline-offset-4 ${className}`}>
      {phone}
    </a>
  );
}

/** An e-mail address and a phone, as a list shows them under a name: "a@b.c · +971…" with the phone tappable. */
export function ContactLine({ email, phone }: { email?: string | null; phone?: string | null }) {
  return (
    <>
      {email ? <span className="break-all">{email}</span> : null}
      {email && phone ? " · " : null}
      {phone ? <PhoneLink phone={phone} /> : null}
    </>
  );
}

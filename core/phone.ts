/**
 * A UAE mobile number as people write it: +971551112233 → "+971 55 111 2233" (country code, the
 * two-digit mobile prefix, then three and four digits). Anything else is shown as stored.
 */
export function formatUaeMobile(e164: string): string {
  const match = /^\+971(5\d)(\d{3})(\d{4})$/.exec(e164);
  return match ? `+971 ${match[1]} ${match[2]} ${match[3]}` : e164;
}

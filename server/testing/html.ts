/**
 * A page's text as a reader gets it: no scripts (the hydration data, which carries the page's whole
 * message catalog), no styles, no tags. Assert what a shopper sees, or does not see, against this.
 */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

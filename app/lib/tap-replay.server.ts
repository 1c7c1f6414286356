/**
 * Taps made before the page's script has hydrated it (issue 22, docs/decisions/0033-cart-and-taps-before-
 * javascript.md). A control that needs JavaScript (a `<button type="button">`, which does nothing without
 * it, or anything marked `data-needs-js`) tapped in the seconds between the first paint and hydration is
 * remembered (the last one), shown as waiting (`aria-busy`), and clicked again once, when the root's first
 * effect has marked the page hydrated (`data-hydrated`, app/root.tsx). Not when a native form submission
 * began (the post does the work, and the page is leaving), and not once React is listening: from its
 * `hydrateRoot` on (its container mark on the document) React handles a tap itself, so none is replayed
 * twice. The script is inline, in the head, so it listens before the body can be tapped; it carries the
 * page's nonce, or is allowed by its hash on a cached page (server/ssr.ts), like React Router's.
 */
export const TAP_REPLAY_SCRIPT = `(() => {
  const d = document, root = d.documentElement;
  let tap = null, submitted = false;
  const forget = () => { tap?.removeAttribute("aria-busy"); tap = null; };
  const listening = () => Object.keys(d).some((k) => k.startsWith("__reactContainer"));
  d.addEventListener("submit", () => { submitted = true; forget(); }, true);
  d.addEventListener("click", (event) => {
    if (submitted || root.dataset.hydrated || listening()) return;
    const control = event.target.closest?.('button[type="button"], [data-needs-js]');
    if (!control || control.disabled) return;
    forget();
    tap = control;
    control.setAttribute("aria-busy", "true");
  }, true);
  new MutationObserver((_, observer) => {
    if (!root.dataset.hydrated) return;
    observer.disconnect();
    const control = tap;
    forget();
    if (control && !submitted && control.isConnected) setTimeout(() => control.click());
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
})();`;

/** The page's HTML with the script at the end of its head, carrying `nonce` when the page has one. */
export function withTapReplay(html: string, nonce: string | undefined): string {
  const at = html.indexOf("</head>");
  if (at < 0) return html;
  const attribute = nonce ? ` nonce="${nonce}"` : "";
  return `${html.slice(0, at)}<script${attribute}>${TAP_REPLAY_SCRIPT}</script>${html.slice(at)}`;
}

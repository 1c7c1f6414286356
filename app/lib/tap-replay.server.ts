/**
 * Taps made before the page's script has hydrated it (issue 22, docs/decisions/0033-cart-and-taps-before-
 * javascript.md). A control that needs JavaScript (a `<button type="button">`, which does nothing without
 * it, or anything marked `data-needs-js`) tapped in the seconds between the first paint and hydration is
 * remembered (the last one), shown as waiting (`aria-busy`), and clicked again once, when the root's first
 * effect has marked the page hydrated (`data-hydrated`, app/root.tsx). Not when a native form submission
 * began (the post does the work, and the page is leaving), and not once React is listening: from its
 * `hydrateRoot` on (its container mark on the document) React handles a tap itself, so none is replayed
 * twice. A radio or checkbox changed in those seconds keeps its state through hydration (React leaves
 * it) but the page's state does not know it: it is clicked again from its other state once hydrated, so
 * its change handler runs (the product page's size, chosen before the script, is the one added). The
 * script is inline, in the head, so it listens before the body can be tapped; it carries the
 * page's nonce, or is allowed by its hash on a cached page (server/ssr.ts), like React Router's.
 */
export const TAP_REPLAY_SCRIPT = `(() => {
  const d = document, root = d.documentElement, choices = new Set();
  let tap = null, submitted = false;
  const forget = () => { tap?.removeAttribute("aria-busy"); tap = null; };
  const listening = () => Object.keys(d).some((k) => k.startsWith("__reactContainer"));
  const early = () => !submitted && !root.dataset.hydrated && !listening();
  d.addEventListener("submit", () => { submitted = true; forget(); }, true);
  d.addEventListener("change", (event) => {
    if (early() && /^(radio|checkbox)$/.test(event.target.type)) choices.add(event.target);
  }, true);
  d.addEventListener("click", (event) => {
    if (!early()) return;
    const control = event.target.closest?.('button[type="button"], [data-needs-js]');
    if (!control || control.disabled) return;
    forget();
    tap = control;
    control.setAttribute("aria-busy", "true");
  }, true);
  new MutationObserver((_, observer) => {
    if (!root.dataset.hydrated) return;
    observer.disconnect();
    // The Arabic faces besides Plex 400 (app/arabic-faces.css), applied, and so fetched, only now.
    d.querySelector('link[media="not all"]')?.setAttribute("media", "all");
    const control = tap;
    forget();
    if (submitted) return;
    setTimeout(() => {
      // A choice made before: clicked again from its other state, so the page's change handler sees it.
      for (const input of choices) {
        if (!input.isConnected || (input.type === "radio" && !input.checked)) continue;
        const wanted = input.checked;
        input.checked = !wanted;
        input.click();
      }
      if (control?.isConnected) control.click();
    });
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
})();`;

/** The page's HTML with the script at the end of its head, carrying `nonce` when the page has one. */
export function withTapReplay(html: string, nonce: string | undefined): string {
  const at = html.indexOf("</head>");
  if (at < 0) return html;
  const attribute = nonce ? ` nonce="${nonce}"` : "";
  return `${html.slice(0, at)}<script${attribute}>${TAP_REPLAY_SCRIPT}</script>${html.slice(at)}`;
}

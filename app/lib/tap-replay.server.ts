/**
 * Taps made before the page's script has hydrated it (issue 22, docs/decisions/0033-cart-and-taps-before-
 * javascript.md). A control that needs JavaScript (a `<button type="button">`, which does nothing without
 * it, or anything marked `data-needs-js`) tapped in the seconds between the first paint and hydration is
 * remembered (the last one), shown as waiting (`aria-busy`), and clicked again once, when the root's first
 * effect has marked the page hydrated (`data-hydrated`, app/root.tsx). Not when a native form submission
 * began (the post does the work, and the page is leaving), and not once React is listening: from its
 * `hydrateRoot` on (its container mark on the document) React handles a tap itself, so none is replayed
 * twice. A radio, checkbox or list (`<select>`) changed in those seconds keeps its state through
 * hydration (React leaves it) but the page's state does not know it: the state it was given is remembered
 * (a radio group's last choice only) and, once hydrated, a box is set to the other state and clicked, a
 * list's option chosen again and its change sent, so its change handler runs (the product page's size,
 * chosen before the script, is the one added; the shop's order is the one shown) even when a render since
 * has put the page's own state back on the screen. A control is replayed only once React has hydrated it (its
 * props are on the element): a part of the page that comes later (checkout's form, a lazy module inside
 * a Suspense boundary) is still server HTML when the root is hydrated, and a click there would be lost.
 * React puts the props on during the render that hydrates the part, before it commits it, so the replay
 * also waits for the page to be idle; and a choice is checked afterwards: if React stopped its event (the
 * part around it not yet hydrated) or the input does not show it once the page is idle again, it is sent
 * again (a tap never is).
 * A tap of the shopper's own on the hydrated page meanwhile cancels what still waits (never twice); the
 * change a replayed click causes does not, though the browser marks it trusted (one replayed choice had
 * cancelled the next one still waiting: checkout's second address, chosen after the delivery type).
 * The script is inline, in the head, so it listens before the body can be tapped; it carries the
 * page's nonce, or is allowed by its hash on a cached page (server/ssr.ts), like React Router's.
 */
export const TAP_REPLAY_SCRIPT = `(() => {
  const d = document, root = d.documentElement, choices = new Map();
  // stale: the shopper has tapped or changed the hydrated page herself; what was waiting is not replayed.
  // replaying: the replay's own click is being dispatched (the change a script's click causes is trusted).
  let tap = null, submitted = false, stale = false, replaying = false;
  // The choices not yet sent since hydration.
  const waiting = new Map();
  const forget = () => { tap?.removeAttribute("aria-busy"); tap = null; };
  const listening = () => Object.keys(d).some((k) => k.startsWith("__reactContainer"));
  const early = () => !submitted && !root.dataset.hydrated && !listening();
  const props = (el) => el[Object.keys(el).find((k) => k.startsWith("__reactProps"))];
  const hydrated = (el) => props(el) !== undefined;
  // When the page's script has nothing left to do (what React is hydrating is committed by then).
  const idle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 100));
  // Runs \`then\` once React has hydrated the element and the page is idle (waiting up to 10 s), else \`otherwise\`.
  const whenHydrated = (el, then, otherwise = () => {}, wait = 200) => {
    if (stale || !el.isConnected || wait === 0) return otherwise();
    if (hydrated(el)) return idle(() => (stale || !el.isConnected ? otherwise() : then()));
    setTimeout(() => whenHydrated(el, then, otherwise, wait - 1), 50);
  };
  // Pictures marked to come later (MediaImage's \`later\`: below a phone's first screen): their files are
  // asked for once the page is hydrated (or after 8 s if it never is), not beside the page's scripts. Their
  // addresses are taken off as the parser adds them, before the first layout could ask for them; the box
  // stays, its alternative text unseen meanwhile.
  const held = [];
  const holding = new MutationObserver((records) => {
    for (const { addedNodes } of records) for (const node of addedNodes) {
      if (node.nodeType !== 1) continue;
      for (const img of node.matches("img[data-later]") ? [node] : node.querySelectorAll("img[data-later]")) {
        const picture = img.parentElement?.tagName === "PICTURE" ? img.parentElement : null;
        for (const el of [...(picture ? picture.querySelectorAll("source") : []), img]) {
          for (const name of ["srcset", "src"]) {
            const value = el.getAttribute(name);
            if (value !== null) { held.push([el, name, value]); el.removeAttribute(name); }
          }
        }
        img.style.visibility = "hidden";
      }
    }
  });
  holding.observe(d, { childList: true, subtree: true });
  const release = () => {
    holding.disconnect();
    for (const [el, name, value] of held.splice(0)) {
      el.setAttribute(name, value);
      if (el.tagName === "IMG") el.style.visibility = "";
    }
  };
  setTimeout(release, 8000);
  d.addEventListener("submit", () => { submitted = true; forget(); }, true);
  d.addEventListener("change", (event) => {
    const input = event.target;
    if (!early()) {
      if (event.isTrusted && root.dataset.hydrated && !replaying) stale = true;
      return;
    }
    if (!/^(radio|checkbox|select-one)$/.test(input.type)) return;
    // A radio group's last choice stands for the group.
    const key = input.type === "radio" && input.name ? "radio " + input.name : input;
    choices.delete(key);
    choices.set(key, { input, wanted: input.type === "select-one" ? input.value : input.checked });
  }, true);
  d.addEventListener("click", (event) => {
    if (!early()) {
      if (event.isTrusted && root.dataset.hydrated && !replaying) {
        // Her own tap on the hydrated page: a choice still waiting for its replay is sent first, so the
        // tap works with it (Add to Cart tapped just after hydration adds the size chosen before), unless
        // the tap is a new choice in the same group (her latest choice stands).
        const own = event.target.closest?.("label")?.control ?? event.target;
        for (const [key, { input, wanted }] of waiting) {
          const again = own === input || (input.type === "radio" && input.name && own.name === input.name);
          if (!again && input.isConnected && hydrated(input)) send(input, wanted);
          waiting.delete(key);
        }
        stale = true;
      }
      return;
    }
    const control = event.target.closest?.('button[type="button"], [data-needs-js]');
    if (!control || control.disabled) return;
    forget();
    tap = control;
    control.setAttribute("aria-busy", "true");
  }, true);
  // Sends a choice to the page: a box set to its other state and clicked, a list's option chosen again and
  // its change sent. True when the event reached the window (React did not stop it).
  const send = (input, wanted) => {
    const list = input.type === "select-one", kind = list ? "change" : "click";
    let reached = false;
    const mark = () => { reached = true; };
    addEventListener(kind, mark);
    replaying = true;
    if (list) {
      input.value = wanted;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      input.checked = !wanted;
      input.click();
    }
    replaying = false;
    removeEventListener(kind, mark);
    for (const [key, choice] of waiting) if (choice.input === input) waiting.delete(key);
    return reached;
  };
  new MutationObserver((_, observer) => {
    if (!root.dataset.hydrated) return;
    observer.disconnect();
    release();
    // The Arabic faces besides Plex 400 (app/arabic-faces.css), applied, and so fetched, only now.
    d.querySelector('link[media="not all"]')?.setAttribute("media", "all");
    const control = tap;
    if (submitted) return forget();
    // A choice made before: a box set to its other state and clicked, a list's option chosen again and
    // its change sent, so the page's change handler sees it. React may not take it: it stops an event on
    // a part it has not finished hydrating (a lazy module inside it still coming) before it bubbles, and a
    // render may put the page's own state back on the input. Either way it is sent again once the page is
    // idle (setting a state twice is harmless; a tap is never repeated).
    const replay = (input, wanted, tries = 20) => whenHydrated(input, () => {
      const list = input.type === "select-one";
      const reached = send(input, wanted);
      idle(() => {
        // A controlled input's own props say what the page's state holds: the input itself may show the
        // choice when React never took it.
        const own = props(input)?.[list ? "value" : "checked"];
        const shown = own == null ? (list ? input.value : input.checked) : list ? String(own) : own;
        if ((!reached || shown !== wanted) && tries > 0) replay(input, wanted, tries - 1);
      });
    });
    for (const [key, { input, wanted }] of choices) {
      waiting.set(key, { input, wanted });
      replay(input, wanted);
    }
    if (!control) return;
    whenHydrated(control, () => {
      forget();
      replaying = true;
      control.click();
      replaying = false;
    }, forget);
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
})();`;

/** The page's HTML with the script at the end of its head, carrying `nonce` when the page has one. */
export function withTapReplay(html: string, nonce: string | undefined): string {
  const at = html.indexOf("</head>");
  if (at < 0) return html;
  const attribute = nonce ? ` nonce="${nonce}"` : "";
  return `${html.slice(0, at)}<script${attribute}>${TAP_REPLAY_SCRIPT}</script>${html.slice(at)}`;
}

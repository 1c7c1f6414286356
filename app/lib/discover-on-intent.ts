/**
 * Route discovery on intent (issue 22), loaded once the page is hydrated (with the loading screen). The site's links
 * are drawn with `discover="none"` (app/lib/i18n.tsx): React Router's default asks `/__manifest` for every
 * link on the page right after hydration, and its answer re-renders the whole page in the middle of the
 * load. Here a site link is marked `data-discover` when a pointer comes over it or it takes the focus,
 * which React Router's own observer watches for, so its route is known before the tap lands; a link
 * followed before that is discovered by the navigation itself (one request more).
 */
function discover(event: Event) {
  const link = (event.target as Element).closest?.("a[href^='/']:not([data-discover],[download],[target])");
  link?.setAttribute("data-discover", "true");
}

addEventListener("pointerover", discover);
addEventListener("focusin", discover);

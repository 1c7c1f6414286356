/**
 * Route discovery on intent (issue 22, decision 0046), loaded once the page is hydrated, with the loading
 * screen. The site's links are drawn with `discover="none"` (app/lib/i18n.tsx): React Router's default asks
 * `/__manifest` for every link on the page right after hydration, and its answer re-renders the whole page
 * in the middle of the load. Here a site link is marked `data-discover` when a pointer comes over it or it
 * takes the focus, which React Router's own observer watches for. A link followed before that answer came
 * (a tap on a touch screen, usually) is discovered by its navigation: one round trip more.
 */
function discover(event: Event) {
  const link = (event.target as Element).closest?.("a[href^='/']:not([data-discover],[download],[target])");
  link?.setAttribute("data-discover", "true");
}

addEventListener("pointerover", discover);
addEventListener("focusin", discover);

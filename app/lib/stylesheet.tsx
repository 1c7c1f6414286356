import { createContext, useContext, useState } from "react";
import stylesheetHref from "../app.css?url";

/**
 * The site stylesheet (Tailwind's output, about 10 KB compressed) is inlined into the page's head rather
 * than linked, so the first paint waits for no second request (docs/decisions/0011-speed.md). The
 * server's entry (app/entry.server.tsx) gives its text through this context; without it (Vite's dev
 * server) the page links the stylesheet as before.
 */
export const StylesheetTextContext = createContext<string | undefined>(undefined);

export { stylesheetHref };

const ID = "site-stylesheet";

export function Stylesheet() {
  const fromServer = useContext(StylesheetTextContext);
  // In the browser the text is the one the server put in the page, so hydration sees the same element.
  const [text] = useState(
    () =>
      fromServer ??
      (typeof document === "undefined" ? undefined : (document.getElementById(ID)?.textContent ?? undefined)),
  );
  if (text === undefined) return <link rel="stylesheet" href={stylesheetHref} />;
  return <style id={ID} dangerouslySetInnerHTML={{ __html: text }} />;
}

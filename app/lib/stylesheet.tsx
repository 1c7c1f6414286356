import { createContext, useContext, useState } from "react";
import stylesheetHref from "../app.css?url";

/**
 * The site stylesheet (Tailwind's output, about 10 KB compressed), and on Arabic pages arabic.css, are
 * inlined into the page's head rather than linked, so the first paint waits for no second request
 * (docs/decisions/0011-speed.md). The server's entry (app/entry.server.tsx) gives a reader of the built
 * files' text through this context; without it (Vite's dev server) the page links the stylesheet as before.
 */
export const StylesheetTextContext = createContext<((href: string) => string | undefined) | undefined>(
  undefined,
);

export function Stylesheet({
  href = stylesheetHref,
  id = "site-stylesheet",
}: {
  href?: string;
  id?: string;
}) {
  const read = useContext(StylesheetTextContext);
  // In the browser the text is the one the server put in the page, so hydration sees the same element.
  const [text] = useState(() =>
    read
      ? read(href)
      : typeof document === "undefined"
        ? undefined
        : (document.getElementById(id)?.textContent ?? undefined),
  );
  if (text === undefined) return <link rel="stylesheet" href={href} />;
  return <style id={id} dangerouslySetInnerHTML={{ __html: text }} />;
}

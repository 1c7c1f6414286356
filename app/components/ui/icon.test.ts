import { Eye } from "lucide-react";
import * as eyeModule from "lucide-react/icons/eye";
import * as searchModule from "lucide-react/icons/search";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createIcon, { type IconData } from "./icon.ts";

// Each icon module hands its drawing to the factory and exports it too (not in the library's types).
const drawing = (module: object) => (module as { __iconData: IconData }).__iconData;
const eye = drawing(eyeModule);
const search = drawing(searchModule);

/** An `<svg>`'s attributes, by name, and what is inside it. */
function parts(markup: string) {
  const match = /^<svg([^>]*)>(.*)<\/svg>$/.exec(markup);
  if (!match) throw new Error(`not an svg: ${markup}`);
  const attributes = Object.fromEntries(
    [...match[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return { attributes, inside: match[2] };
}

describe("the store's icon factory (vite.config.ts projectIcons)", () => {
  it("draws what the library draws, less the library's own class names", () => {
    // Vitest does not use the build's plugin: lucide-react's Eye here is the library's own component.
    const theirs = parts(
      renderToStaticMarkup(createElement(Eye, { className: "size-4", "aria-hidden": "true" })),
    );
    const ours = parts(
      renderToStaticMarkup(createElement(createIcon(eye), { className: "size-4", "aria-hidden": "true" })),
    );
    expect(theirs.attributes.class).toBe("lucide lucide-eye size-4");
    expect(ours.attributes).toEqual({ ...theirs.attributes, class: "size-4" });
    expect(ours.inside).toBe(theirs.inside);
    expect(ours.inside).toContain("<circle");
  });

  it("hides an icon nothing labels from assistive technology, and keeps a label it is given", () => {
    const Search = createIcon(search);
    expect(parts(renderToStaticMarkup(createElement(Search))).attributes["aria-hidden"]).toBe("true");
    const labelled = parts(
      renderToStaticMarkup(createElement(Search, { "aria-label": "Search", role: "img" })),
    );
    expect(labelled.attributes["aria-hidden"]).toBeUndefined();
    expect(labelled.attributes["aria-label"]).toBe("Search");
    expect(labelled.attributes.role).toBe("img");
  });
});

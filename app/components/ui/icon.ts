import { createElement, type SVGProps } from "react";

/** What each of lucide-react's icon modules hands its factory: the drawing, as elements and attributes. */
export interface IconData {
  name?: string;
  node: [tag: string, attributes: Record<string, string>][];
}

/**
 * The factory every lucide-react icon the store uses is built with, in place of the library's own
 * (vite.config.ts, `projectIcons`): the same `<svg>` (24 by 24, stroked in the text's colour, two wide,
 * round ends) and the same drawing, with `className`, `aria-*` and any other attribute passed through.
 * Like the library, an icon that nothing labels is hidden from assistive technology. The library's
 * version, with its context, size and stroke options the store never sets, was about 3 KB of every
 * page's first-load script and ran a dozen object copies per icon at every render
 * (docs/decisions/0011-speed.md, "Icons").
 */
export default function createIcon({ node }: IconData) {
  return function Icon(props: SVGProps<SVGSVGElement>) {
    const labelled = Object.keys(props).some((k) => k.startsWith("aria-") || k === "role" || k === "title");
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        "aria-hidden": labelled ? undefined : "true",
        ...props,
      },
      node.map(([tag, attributes]) => createElement(tag, attributes)),
    );
  };
}

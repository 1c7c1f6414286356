import sanitizeHtml from "sanitize-html";

/**
 * The allowlist for a blog post's HTML (SPEC §3 "content (HTML)"), which the post page renders as-is.
 * Text structure only: no images, media, frames, forms, styles, classes or event handlers. Links keep
 * their href when it is http, https, mailto or a relative path, and always open without an opener.
 */
const BLOG_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "strong", "em", "a", "br", "hr"],
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  disallowedTagsMode: "discard",
  // Elements whose text must vanish with them, not be left behind as visible text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "template", "title"],
  transformTags: {
    // Set on every link, whatever the author wrote (merge: the href stays, rel is replaced).
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }, true),
  },
  // A link whose address was refused keeps its words but stops being a link.
  exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false),
};

/** Cleans a blog post's HTML for rendering with dangerouslySetInnerHTML. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, BLOG_HTML);
}

import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "./sanitize.ts";

describe("sanitizeBlogHtml", () => {
  it("keeps the text structure a post is written with", () => {
    const html =
      "<h2>Choosing a fabric</h2><p>Nida <strong>drapes</strong>, crepe <em>holds</em>.<br></p>" +
      "<h3>Care</h3><h4>Washing</h4><ul><li>Cold</li></ul><ol><li>Steam</li></ol>" +
      "<blockquote>Less, but better.</blockquote><hr>";
    expect(sanitizeBlogHtml(html)).toBe(
      "<h2>Choosing a fabric</h2><p>Nida <strong>drapes</strong>, crepe <em>holds</em>.<br /></p>" +
        "<h3>Care</h3><h4>Washing</h4><ul><li>Cold</li></ul><ol><li>Steam</li></ol>" +
        "<blockquote>Less, but better.</blockquote><hr />",
    );
  });

  it("removes script tags and their text", () => {
    const clean = sanitizeBlogHtml('<p>Hello</p><script>alert("x")</script><SCRIPT src="/x.js"></SCRIPT>');
    expect(clean).toBe("<p>Hello</p>");
  });

  it("removes images, event handlers and the elements that carry them", () => {
    const clean = sanitizeBlogHtml(
      '<p onclick="steal()" onmouseover="steal()">Hi</p><img src="x" onerror="alert(1)"><svg onload="alert(2)"></svg>',
    );
    expect(clean).toBe("<p>Hi</p>");
    expect(clean).not.toMatch(/on\w+=|<img|<svg|alert/i);
  });

  it("drops javascript:, data: and protocol-relative links but keeps their words", () => {
    const clean = sanitizeBlogHtml(
      '<p><a href="javascript:alert(1)">one</a> <a href="JaVaScRiPt&colon;alert(2)">two</a> ' +
        '<a href=" java\tscript:alert(3)">three</a> <a href="data:text/html,&lt;script&gt;">four</a> ' +
        '<a href="//evil.example/">five</a></p>',
    );
    expect(clean).toBe("<p>one two three four five</p>");
  });

  it("keeps http, https, mailto and relative links, always with rel noopener noreferrer", () => {
    const clean = sanitizeBlogHtml(
      '<a href="https://example.com/a" target="_blank" rel="opener" title="t">a</a>' +
        '<a href="http://example.com/b">b</a><a href="mailto:care@example.com">c</a>' +
        '<a href="/shop?category=graceful-abayas">d</a>',
    );
    expect(clean).toBe(
      '<a href="https://example.com/a" rel="noopener noreferrer">a</a>' +
        '<a href="http://example.com/b" rel="noopener noreferrer">b</a>' +
        '<a href="mailto:care@example.com" rel="noopener noreferrer">c</a>' +
        '<a href="/shop?category=graceful-abayas" rel="noopener noreferrer">d</a>',
    );
  });

  it("removes iframes, styles, forms and style or class attributes", () => {
    const clean = sanitizeBlogHtml(
      '<iframe src="https://example.com">frame text</iframe><style>p{color:red}</style>' +
        '<h2 style="color:red" class="big" id="x">Title</h2><form><input value="v"><button>Go</button></form>' +
        "<object data='x.swf'></object><noscript>no</noscript>",
    );
    expect(clean).toBe("<h2>Title</h2>Go");
  });

  it("escapes what is left as text, so broken markup cannot open a tag", () => {
    const clean = sanitizeBlogHtml(
      '<p>1 < 2 & "quotes"</p><p><<script>script>alert(1)<</script>/script></p>',
    );
    expect(clean).not.toMatch(/<script/i);
    expect(clean.startsWith('<p>1 &lt; 2 &amp; "quotes"</p>')).toBe(true);
  });
});

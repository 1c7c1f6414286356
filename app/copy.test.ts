import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Issue 14: every text a shopper reads comes from the message catalog (or a page's copy sent by its
 * loader), so an Arabic page can never show a forgotten English label. This walks every storefront
 * component and route (the back office, English-only, aside) and reports text written into the markup:
 * JSX text with letters, and string literals in the attributes people read or hear.
 */
const READ_ATTRIBUTES = new Set(["aria-label", "aria-description", "placeholder", "title", "alt", "label"]);
const LETTERS = /\p{L}{2,}/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "admin" ? [] : sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !/\.(test|spec)\.tsx$/.test(entry.name) ? [path] : [];
  });
}

function hardCodedTexts(path: string, text = readFileSync(path, "utf8")): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTERS.test(node.text))
      found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value.text
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression.text
            : undefined;
      if (literal && LETTERS.test(literal)) found.push(`${where(node)} ${node.name.getText()}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("storefront copy", () => {
  it("writes no user-facing text into components or routes: it all comes from the catalog", () => {
    const files = sourceFiles(join(import.meta.dirname));
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap((file) => hardCodedTexts(file))).toEqual([]);
  });

  it("notices a label written into the markup, and lets catalog texts, numbers and symbols be", () => {
    const probe = `export function Probe({ t }) {
      return (
        <p>
          <button aria-label="Close menu" title={"Close"}>Close</button>
          <input placeholder={t("search.placeholder")} aria-label={t("search.label")} />
          {t("nav.home")} · 1 / 2 ×
        </p>
      );
    }`;
    expect(hardCodedTexts("probe.tsx", probe)).toEqual([
      'probe.tsx:4 aria-label="Close menu"',
      'probe.tsx:4 title="Close"',
      'probe.tsx:4 text "Close"',
    ]);
  });
});

import type { DocumentView } from "./schemas/document.schema.ts";

/**
 * An issued document as HTML, drawn from its stored view alone (decision 0015): the same snapshot gives
 * the same bytes, today and in ten years. Every text is escaped; the markup carries class names the back
 * office's print stylesheet (app/routes/admin/admin.css, `.issued-document`) lays out for paper.
 */

const escapeText = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

export function documentHtml(view: DocumentView, kind: string): string {
  const e = escapeText;
  // Numbers, phones, e-mails and typed text keep their own direction inside an Arabic document
  // (decision 0024): `<bdi>` takes the direction of its first strong letter, left to right for digits.
  const b = (value: string) => `<bdi>${e(value)}</bdi>`;
  const rows = (pairs: [string, string][]) =>
    pairs.map(([k, v]) => `<dt>${e(k)}</dt><dd>${b(v)}</dd>`).join("");
  const c = view.columns;
  const head = [c.description, c.quantity, c.unitPrice, ...(c.vat === null ? [] : [c.vat]), c.amount]
    .map((label) => `<th scope="col">${e(label)}</th>`)
    .join("");
  const body = view.lines
    .map((l) => {
      const cells = [l.quantity, l.unitPrice, ...(l.vat === null ? [] : [l.vat]), l.amount]
        .map((v) => `<td class="num">${e(v)}</td>`)
        .join("");
      return `<tr><td>${e(l.description)}<br><small>${e(l.detail)}</small></td>${cells}</tr>`;
    })
    .join("");
  return [
    `<article class="issued-document" lang="${e(view.lang)}" dir="${e(view.dir)}" data-kind="${e(kind)}">`,
    `<header><h1>${e(view.title)}</h1>`,
    view.notice === null ? "" : `<p class="notice" role="note">${e(view.notice)}</p>`,
    `<dl class="facts">${rows(view.facts)}</dl></header>`,
    `<section class="parties"><div><h2>${e(view.sellerHeading)}</h2><p><strong>${e(view.sellerName)}</strong></p>`,
    // The seller's registered address has no Arabic version: on an Arabic document it is English, said so.
    `<p class="address"${view.lang !== "en" && /[A-Za-z]/.test(view.sellerAddress) ? ' lang="en"' : ""}>${e(view.sellerAddress)}</p>`,
    view.trnLine === null ? "" : `<p class="trn">${e(view.trnLine)}</p>`,
    `</div><div><h2>${e(view.buyerHeading)}</h2><p>${view.buyerLines.map(b).join("<br>")}</p></div></section>`,
    `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`,
    `<dl class="totals">${rows(view.totals)}</dl>`,
    `<p class="footer">${e(view.footer)}</p>`,
    "</article>",
  ].join("");
}

/** Server-rendered pages: escaping and one plain, accessible layout shared by every page. */

import { escapeHtml } from '../platform/escape-html.js';

export { escapeHtml };

/** A tagged template that escapes every interpolated value unless it is already `SafeHtml`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const rendered = Array.isArray(value)
      ? value.map((v) => (v instanceof SafeHtml ? v.value : escapeHtml(v))).join('')
      : value instanceof SafeHtml
        ? value.value
        : escapeHtml(value);
    out += rendered + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#57606a;--accent:#0b5cad;--on-accent:#fff;--line:#d0d7de;--ok:#116329;--bad:#a40e26}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9da7b3;--accent:#58a6ff;--on-accent:#0d1117;--line:#30363d;--ok:#3fb950;--bad:#ff7b72}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main,footer{max-width:40rem;margin:0 auto;padding:1rem}header{border-bottom:1px solid var(--line);font-weight:600;overflow-wrap:anywhere}
h1{font-size:1.5rem;line-height:1.25}h2{font-size:1.25rem;line-height:1.3}h3{font-size:1.05rem}p.muted,footer{color:var(--muted);font-size:.9rem}
.button,button{display:inline-block;font:inherit;padding:.65rem 1.2rem;border-radius:.4rem;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);text-decoration:none;cursor:pointer;margin:.25rem .5rem .25rem 0}
button.secondary{background:transparent;color:var(--accent)}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
fieldset{margin:0 0 1rem;padding:.5rem 1rem}input[type=email]{font:inherit;padding:.5rem;width:100%;max-width:24rem;border:1px solid var(--line);border-radius:.4rem}legend{padding:0 .25rem}
fieldset label{display:flex;gap:.6rem;align-items:flex-start;padding:.35rem 0;cursor:pointer}
input[type=radio],input[type=checkbox]{flex:none;width:1.25rem;height:1.25rem;margin:.15rem 0 0;accent-color:var(--accent)}
@media (max-width:30rem){.button,button{display:block;width:100%;text-align:center;margin:.5rem 0}}
td code{font-size:.85em}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.4rem .3rem;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
@media (max-width:30rem){table{font-size:.875rem}th,td{padding:.4rem .2rem}}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.table-wrap{overflow-x:auto;margin:1rem 0}.table-wrap table{margin:0}
pre{overflow-x:auto;padding:.75rem 1rem;border:1px solid var(--line);border-radius:.4rem;font-size:.875rem;line-height:1.4}
main{overflow-wrap:break-word}a{color:var(--accent)}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}td.num{white-space:nowrap}
ul.checklist{list-style:none;padding:0}ul.checklist li::before{content:"\\2610  "}ul.checklist li.done::before{content:"\\2611  ";color:var(--ok)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.status-ok{color:var(--ok)}.status-bad{color:var(--bad)}fieldset{border:1px solid var(--line);border-radius:.4rem}
footer{border-top:1px solid var(--line);margin-top:1.5rem}
body.wide header,body.wide main,body.wide footer{max-width:80rem}
nav.console{display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-weight:400;margin-top:.5rem}nav.console a[aria-current=page]{font-weight:600;text-decoration:none;color:var(--fg)}
input[type=text],input[type=password],input[type=search],input[type=date],input[type=number],select,textarea{font:inherit;padding:.45rem;border:1px solid var(--line);border-radius:.4rem;background:var(--bg);color:var(--fg);max-width:100%}
input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end;margin:1rem 0}form.filters label{display:flex;flex-direction:column;font-size:.9rem}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem;margin:1rem 0}.card{border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem}.card .count{font-size:1.6rem;font-weight:600}
.notice{border-left:4px solid var(--accent);padding:.5rem 1rem;margin:1rem 0}.notice.bad{border-color:var(--bad)}.notice.ok{border-color:var(--ok)}
div.qr{max-width:14rem;background:#fff;padding:.5rem;border-radius:.4rem}form.inline{display:inline}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
header{overflow-wrap:anywhere}
span.chip{display:inline-block;padding:0 .55em;border:1px solid currentColor;border-radius:1em;font-size:.85em;line-height:1.5;white-space:nowrap;font-weight:600}.chip-ok{color:var(--ok)}.chip-bad{color:var(--bad)}.chip-wait,.chip-neutral{color:var(--muted)}.chip-wait{border-style:dashed}
td.nowrap,td.nowrap a{white-space:nowrap;overflow-wrap:normal}
@media (max-width:40rem){table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}table.stack tr{display:block;border-bottom:1px solid var(--line);padding:.5rem 0}table.stack td{display:grid;grid-template-columns:minmax(5rem,30%) minmax(0,1fr);gap:.75rem;border:0;padding:.1rem 0;text-align:left;white-space:normal;overflow-wrap:break-word}table.stack td.nowrap{white-space:nowrap}table.stack td::before{content:attr(data-label);color:var(--muted)}table.stack td:not([data-label])::before{content:""}}
`;

/** The service's icon: a ring on onpay's blue, drawn without text so it needs no font. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b5cad"/><circle cx="16" cy="16" r="8" fill="none" stroke="#fff" stroke-width="4"/></svg>';

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** The console: a wider page, its own header (the signed-in operator's navigation). */
  wide?: boolean;
  header?: SafeHtml;
}

export function page({ title, body, wide, header }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · onpay</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body${wide ? ' class="wide"' : ''}>
<header>${header ? header.value : 'onpay'}</header>
<main id="main">
${body.value}
</main>
<footer>onpay: employee onboarding and payouts</footer>
</body>
</html>`;
}

/** A simple page with a heading and a paragraph, for outcomes and errors. */
export function messagePage(title: string, message: string, extra: SafeHtml = new SafeHtml('')): string {
  return page({ title, body: html`<h1>${title}</h1><p>${message}</p>${extra}` });
}

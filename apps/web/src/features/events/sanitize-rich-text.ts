// Event descriptions are stored as a small subset of HTML (paragraphs, line breaks, bold,
// italic, lists, links). Whatever is stored is cleaned against that subset before it is shown
// or edited, so a description can never carry scripts, styles or event handlers.
const allowed = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'UL', 'OL', 'LI', 'A', 'DIV']);

function cleanNode(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = Array.from(element.childNodes)
    .map((child) => cleanNode(child, doc))
    .filter((child): child is Node => child !== null);
  if (!allowed.has(element.tagName)) {
    const fragment = doc.createDocumentFragment();
    if (!['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'TEMPLATE'].includes(element.tagName))
      children.forEach((c) => fragment.appendChild(c));
    return fragment;
  }
  const copy = doc.createElement(element.tagName === 'DIV' ? 'p' : element.tagName.toLowerCase());
  if (element.tagName === 'A') {
    const href = element.getAttribute('href') ?? '';
    if (/^(https?:|mailto:)/i.test(href)) {
      copy.setAttribute('href', href);
      copy.setAttribute('rel', 'noopener noreferrer');
      copy.setAttribute('target', '_blank');
    }
  }
  children.forEach((c) => copy.appendChild(c));
  return copy;
}

export function sanitizeRichText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  Array.from(doc.body.childNodes).forEach((child) => {
    const clean = cleanNode(child, out);
    if (clean) container.appendChild(clean);
  });
  return container.innerHTML;
}

/** Whether a description holds any visible text. */
export function hasText(html: string): boolean {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() !== '';
}

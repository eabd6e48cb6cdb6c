// The one renderer: what the editor writes comes out as the matching elements, and nothing a
// refused document carries (scripts, handlers, javascript: or data: addresses) reaches the page
// even if such a document got past the database. The TypeScript rules refuse every refused
// fixture (the database test proves they name the same problem as the database).
import { richTextProblem } from '@club/schemas';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acceptedRichText, refusedRichText } from '../../../../../../packages/schemas/src/rich-text-fixtures';
import { pruneRichText } from './prune-rich-text';
import { RichTextView } from './rich-text-view';

const unsafe = /javascript:|vbscript:|data:|alert\(1\)"|on[a-z]+=/i;

describe('RichTextView', () => {
  it('renders everything the editor offers as elements', () => {
    const { container } = render(<RichTextView doc={acceptedRichText[1]![1]} aria-label="Beskrivelse" />);
    const root = container.firstElementChild!;
    expect(root.getAttribute('aria-label')).toBe('Beskrivelse');
    expect(root.querySelector('h2')?.textContent).toBe('Sommerfest på banen');
    expect(root.querySelector('h3')?.textContent).toBe('Program');
    expect(root.querySelector('strong')?.textContent).toBe('hele');
    expect(root.querySelector('em > strong, strong > em')?.textContent).toBe(' familien');
    expect(root.querySelectorAll('br')).toHaveLength(1);
    expect(
      Array.from(root.querySelectorAll('ol > li')).map((li) => li.firstElementChild?.textContent),
    ).toEqual(['Grill kl. 18', 'Musik']);
    expect(root.querySelector('ol li ul li')?.textContent).toBe('DJ');
    const links = Array.from(root.querySelectorAll('a'));
    expect(
      links.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
    ).toEqual([
      ['https://example.dk/tilmeld?a=1&b=2', '_blank', 'noopener noreferrer nofollow'],
      ['mailto:fest@example.dk', '_blank', 'noopener noreferrer nofollow'],
    ]);
    const images = Array.from(root.querySelectorAll('img'));
    expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      ['https://images.example.dk/fest.jpg', 'Festteltet'],
      ['/storage/v1/object/public/event-images/c1/fest.webp', ''],
    ]);
    expect(images[0]!.getAttribute('width')).toBe('640');
  });

  it('shows markup typed as words as words', () => {
    const { container } = render(<RichTextView doc={acceptedRichText[2]![1]} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('<script>alert(1)</script> og javascript:alert(1)');
  });

  it.each(refusedRichText)('keeps "%s" off the page even if it were stored', (_name, doc) => {
    expect(richTextProblem(doc)).not.toBeNull();
    const { container } = render(<RichTextView doc={doc as never} />);
    expect(
      container.querySelector('script, iframe, [style], [onclick], [onerror], [onmouseover]'),
    ).toBeNull();
    expect(container.innerHTML).not.toMatch(unsafe);
  });
});

describe('the editor output pruning', () => {
  it('drops what the database refuses from pasted content and keeps the rest', () => {
    const pasted = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'se',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)', class: 'x' } }],
            },
            { type: 'text', text: ' her', marks: [{ type: 'bold' }] },
          ],
        },
        { type: 'image', attrs: { src: 'http://tracker.example/p.gif', alt: null } },
        {
          type: 'image',
          attrs: { src: 'https://example.dk/a.png', alt: 'Hal', width: '640', height: null, title: null },
        },
        { type: 'orderedList', attrs: { start: 1, type: 'disc' }, content: [] },
      ],
    };
    const pruned = pruneRichText(pasted as never);
    expect(richTextProblem(pruned)).toBeNull();
    expect(pruned).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'se' },
            { type: 'text', text: ' her', marks: [{ type: 'bold' }] },
          ],
        },
        {
          type: 'image',
          attrs: { src: 'https://example.dk/a.png', alt: 'Hal', title: null, width: null, height: null },
        },
        { type: 'orderedList', attrs: { start: 1, type: null }, content: [] },
      ],
    });
  });
});

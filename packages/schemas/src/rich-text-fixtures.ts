// Documents both copies of the rich-text rules are tested against (the database in
// supabase/tests/rich-text.test.ts, the renderer in apps/web). `refused` holds script,
// handler, javascript: and data: payloads in every place a document could carry them;
// `accepted` holds what the editor writes.
import type { RichTextDoc } from './rich-text';

const p = (...content: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
const linked = (href: unknown, extra: Record<string, unknown> = {}) =>
  p({ type: 'text', text: 'klik her', marks: [{ type: 'link', attrs: { href, ...extra } }] });
const image = (attrs: Record<string, unknown>) => ({ type: 'doc', content: [{ type: 'image', attrs }] });

export const refusedRichText: [name: string, doc: unknown][] = [
  ['raw HTML string instead of a document', '<p onclick="alert(1)">Hej</p><script>alert(1)</script>'],
  ['a list instead of a document', [{ type: 'paragraph' }]],
  [
    'script node',
    { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }] },
  ],
  ['iframe node', { type: 'doc', content: [{ type: 'iframe', attrs: { src: 'javascript:alert(1)' } }] }],
  [
    'raw html key on a paragraph',
    { type: 'doc', content: [{ type: 'paragraph', html: '<img src=x onerror=alert(1)>' }] },
  ],
  [
    'onclick attribute on a paragraph',
    { type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'alert(1)' } }] },
  ],
  [
    'style attribute on a heading',
    {
      type: 'doc',
      content: [{ type: 'heading', attrs: { level: 2, style: 'background:url(javascript:alert(1))' } }],
    },
  ],
  ['onerror attribute on an image', image({ src: 'https://example.org/a.png', onerror: 'alert(1)' })],
  ['javascript: link', linked('javascript:alert(document.cookie)')],
  ['upper-case JAVASCRIPT: link', linked('JAVASCRIPT:alert(1)')],
  ['javascript: link after a space', linked(' javascript:alert(1)')],
  ['javascript: link split by a tab', linked('java\tscript:alert(1)')],
  ['javascript: link with an entity', linked('javascript&#58;alert(1)')],
  ['vbscript: link', linked('vbscript:msgbox(1)')],
  ['data: link to an HTML page', linked('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==')],
  ['upper-case DATA: link', linked('DATA:text/html,<script>alert(1)</script>')],
  ['protocol-relative link', linked('//evil.example/steal')],
  ['link breaking out of its attribute', linked('https://ok.example/" onmouseover="alert(1)')],
  ['mailto: link carrying markup', linked('mailto:a@b.dk?body=<script>alert(1)</script>')],
  ['onclick attribute on a link', linked('https://ok.example', { onclick: 'alert(1)' })],
  ['javascript: link target', linked('https://ok.example', { target: 'javascript:alert(1)' })],
  [
    'link class breaking out of its attribute',
    linked('https://ok.example', { class: 'x" onclick="alert(1)' }),
  ],
  ['javascript: image', image({ src: 'javascript:alert(1)' })],
  ['data: SVG image', image({ src: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' })],
  ['plain http image', image({ src: 'http://tracker.example/pixel.gif' })],
  [
    'storage path climbing out of storage',
    image({ src: '/storage/v1/object/public/../../../auth/v1/_dev/inbox' }),
  ],
  [
    'unknown mark with a handler',
    p({ type: 'text', text: 'x', marks: [{ type: 'span', attrs: { onmouseover: 'alert(1)' } }] }),
  ],
  [
    'javascript: link deep inside a list',
    {
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    {
                      type: 'text',
                      text: 'x',
                      marks: [{ type: 'link', attrs: { href: 'javascript:void(0)' } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  ['markup as the content list', { type: 'doc', content: '<script>alert(1)</script>' }],
  [
    'heading without a level',
    { type: 'doc', content: [{ type: 'heading', content: [{ type: 'text', text: 'x' }] }] },
  ],
  ['text node outside a paragraph', { type: 'doc', content: [{ type: 'text', text: 'løs tekst' }] }],
];

export const acceptedRichText: [name: string, doc: RichTextDoc][] = [
  ["the editor's empty document", { type: 'doc', content: [{ type: 'paragraph' }] }],
  [
    'everything the editor offers',
    {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Sommerfest på banen' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Tag ' },
            { type: 'text', text: 'hele', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' familien', marks: [{ type: 'italic' }, { type: 'bold' }] },
            { type: 'hardBreak' },
            {
              type: 'text',
              text: 'tilmelding',
              marks: [
                {
                  type: 'link',
                  attrs: {
                    href: 'https://example.dk/tilmeld?a=1&b=2',
                    target: '_blank',
                    rel: 'noopener noreferrer nofollow',
                    class: null,
                    title: null,
                  },
                },
              ],
            },
          ],
        },
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Program' }] },
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Grill kl. 18' }] }],
            },
            {
              type: 'listItem',
              content: [
                { type: 'paragraph', content: [{ type: 'text', text: 'Musik' }] },
                {
                  type: 'bulletList',
                  content: [
                    {
                      type: 'listItem',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'DJ' }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          type: 'image',
          attrs: {
            src: 'https://images.example.dk/fest.jpg',
            alt: 'Festteltet',
            title: null,
            width: 640,
            height: null,
          },
        },
        {
          type: 'image',
          attrs: {
            src: '/storage/v1/object/public/event-images/c1/fest.webp',
            alt: '',
            title: null,
            width: null,
            height: null,
          },
        },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Skriv til ' },
            {
              type: 'text',
              text: 'festudvalget',
              marks: [{ type: 'link', attrs: { href: 'mailto:fest@example.dk' } }],
            },
          ],
        },
      ],
    },
  ],
  [
    'markup typed as words stays words',
    p({ type: 'text', text: '<script>alert(1)</script> og javascript:alert(1)' }) as RichTextDoc,
  ],
];

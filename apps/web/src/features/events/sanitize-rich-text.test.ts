import { describe, expect, it } from 'vitest';
import { hasText, sanitizeRichText } from './sanitize-rich-text';

describe('sanitizeRichText', () => {
  it('keeps paragraphs, emphasis, lists and safe links', () => {
    expect(
      sanitizeRichText(
        '<p>Kom <strong>til</strong> <em>fest</em></p><ul><li>Mad</li></ul><a href="https://klub.dk">Link</a>',
      ),
    ).toBe(
      '<p>Kom <strong>til</strong> <em>fest</em></p><ul><li>Mad</li></ul><a href="https://klub.dk" rel="noopener noreferrer" target="_blank">Link</a>',
    );
  });

  it('drops scripts, handlers, styles and unsafe links but keeps their visible text', () => {
    expect(
      sanitizeRichText(
        '<p onclick="x()" style="color:red">Hej<script>alert(1)</script></p><a href="javascript:alert(1)">klik</a><span>!</span>',
      ),
    ).toBe('<p>Hej</p><a>klik</a>!');
    expect(hasText('<p> </p>')).toBe(false);
    expect(hasText('<p>Hej</p>')).toBe(true);
  });
});

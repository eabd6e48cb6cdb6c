// The event form printed "PNG or JPEG, at most 5 MB" twice: in the card's header and under the
// upload field. It is said once, where the file is picked.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installTestClient } from '../../test/test-client';
import { EditorImageField } from './editor-image-field';

describe('the event image field', () => {
  it('states the accepted types and size once', async () => {
    installTestClient({});
    const field = (
      <EditorImageField
        draft={{ imagePath: null } as never}
        change={() => undefined}
        communityId="00000000-0000-4000-8000-00000000000a"
      />
    );
    render(
      <RouterProvider
        router={createMemoryRouter([{ path: '*', element: field }], {
          initialEntries: ['/en/acme/events/new'],
        })}
      />,
    );
    expect(await screen.findAllByText('PNG or JPEG, at most 5 MB')).toHaveLength(1);
  });
});

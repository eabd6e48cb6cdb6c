// A one-choice dropdown menu whose code (radix menu and its positioning) loads on first use:
// until then the trigger is a plain button that looks the same, and the menu opens as soon as
// its code is in. Hovering or focusing the trigger starts the load early. This keeps radix off
// the sign-in pages.
import { cloneElement, lazy, Suspense, useState } from 'react';
import type { RadioMenuProps } from './radio-menu';

const loadRadioMenu = () => import('./radio-menu');
const RadioMenu = lazy(loadRadioMenu);

export function DeferredRadioMenu(props: RadioMenuProps) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadRadioMenu().catch(() => undefined);
  const placeholder = cloneElement(props.trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setWanted(true),
  });
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RadioMenu {...props} />
    </Suspense>
  );
}

// A ticket's signed code as a QR image (lean-qr, a few kB, decision 1033). Always dark on white,
// in dark mode too: scanners read that best, and the quiet zone is part of the image.
import { generate } from 'lean-qr';
import { toSvgDataURL } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

export function TicketCode({ code, label, size = 220 }: { code: string; label: string; size?: number }) {
  const src = useMemo(
    () => toSvgDataURL(generate(code), { on: '#000000', off: '#ffffff', padX: 4, padY: 4 }),
    [code],
  );
  return (
    <img
      src={src}
      alt={label}
      width={size}
      height={size}
      data-ticket-code={code}
      className="rounded-md bg-white [image-rendering:pixelated]"
    />
  );
}

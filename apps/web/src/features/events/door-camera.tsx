// The door's camera: the browser's own BarcodeDetector where it reads QR codes, else the
// `barcode-detector` ponyfill (the same API over zxing-wasm, decision 1070), its WebAssembly
// served from this origin so scanning needs no third party and works offline once loaded.
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

async function makeDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    try {
      if ((await native.getSupportedFormats()).includes('qr_code'))
        return new native({ formats: ['qr_code'] });
    } catch {
      // Fall through to the ponyfill.
    }
  }
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  });
  return new BarcodeDetector({ formats: ['qr_code'] }) as Detector;
}

export type CameraState = 'starting' | 'on' | 'denied' | 'unavailable';

/** A live camera preview that calls onCode with each QR code it reads (one read per 2.5 s per code). */
export function DoorCamera({
  onCode,
  onState,
  label,
}: {
  onCode: (code: string) => void;
  onState: (state: CameraState) => void;
  label: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const onStateRef = useRef(onState);
  onStateRef.current = onState;
  const [running, setRunning] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { code: '', at: 0 };
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        onStateRef.current('unavailable');
        return;
      }
      onStateRef.current('starting');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        onStateRef.current(
          (error as { name?: string }).name === 'NotAllowedError' ? 'denied' : 'unavailable',
        );
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      let detector: Detector;
      try {
        detector = await makeDetector();
      } catch {
        onStateRef.current('unavailable');
        return;
      }
      onStateRef.current('on');
      setRunning(true);
      const tick = async () => {
        if (stopped || !video.current) return;
        try {
          if (video.current.readyState >= 2) {
            const found = await detector.detect(video.current);
            const code = found[0]?.rawValue;
            const now = Date.now();
            if (code && (code !== last.code || now - last.at > 2500)) {
              last.code = code;
              last.at = now;
              onCodeRef.current(code);
            }
          }
        } catch {
          // A frame the detector could not read; try the next.
        }
        timer = setTimeout(() => void tick(), 200);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <video
      ref={video}
      aria-label={label}
      muted
      playsInline
      className={running ? 'aspect-square w-full rounded-lg bg-black object-cover' : 'hidden'}
    />
  );
}

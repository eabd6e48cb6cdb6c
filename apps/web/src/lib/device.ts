// Device detection from the user agent (product.md §3): device kind, operating system,
// browser kind and crawlers. Components read it with useDevice().
import { createContext, useContext } from 'react';

export type BrowserKind = 'chrome' | 'edge' | 'firefox' | 'safari' | 'opera' | 'samsung' | 'other';

export interface DeviceInfo {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isIos: boolean;
  isAndroid: boolean;
  isWindows: boolean;
  isMacOs: boolean;
  browser: BrowserKind;
  isSafari: boolean;
  isCrawler: boolean;
}

const crawlerPattern =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|headlesschrome/i;

function browserKind(ua: string): BrowserKind {
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'edge';
  if (/OPR\/|Opera/.test(ua)) return 'opera';
  if (/SamsungBrowser\//.test(ua)) return 'samsung';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return 'chrome';
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return 'safari';
  return 'other';
}

/** `maxTouchPoints` tells iPads that present themselves as Macs apart from Macs. */
export function detectDevice(ua: string, maxTouchPoints = 0): DeviceInfo {
  const isIpadAsMac = /Macintosh/.test(ua) && maxTouchPoints > 1;
  const isIos = /iPhone|iPad|iPod/.test(ua) || isIpadAsMac;
  const isAndroid = /Android/.test(ua);
  const isTablet = /iPad|Tablet|PlayBook|Silk/.test(ua) || isIpadAsMac || (isAndroid && !/Mobile/.test(ua));
  const isMobile =
    !isTablet && (/Mobi|iPhone|iPod|Windows Phone/.test(ua) || (isAndroid && /Mobile/.test(ua)));
  const browser = browserKind(ua);
  return {
    isMobile,
    isTablet,
    isDesktop: !isMobile && !isTablet,
    isIos,
    isAndroid,
    isWindows: /Windows/.test(ua),
    isMacOs: /Macintosh|Mac OS X/.test(ua) && !isIos,
    browser,
    isSafari: browser === 'safari',
    isCrawler: crawlerPattern.test(ua),
  };
}

export const DeviceContext = createContext<DeviceInfo>(detectDevice(''));

export function useDevice(): DeviceInfo {
  return useContext(DeviceContext);
}

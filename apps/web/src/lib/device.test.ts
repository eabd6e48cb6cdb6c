import { describe, expect, it } from 'vitest';
import { detectDevice } from './device';

const agents = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

describe('device detection', () => {
  it('recognises an iPhone with Safari', () => {
    expect(detectDevice(agents.iphoneSafari)).toMatchObject({
      isMobile: true,
      isTablet: false,
      isDesktop: false,
      isIos: true,
      isSafari: true,
      browser: 'safari',
    });
  });
  it('recognises a Mac with Safari, and an iPad that presents itself as a Mac', () => {
    expect(detectDevice(agents.macSafari)).toMatchObject({ isDesktop: true, isMacOs: true, isSafari: true });
    expect(detectDevice(agents.macSafari, 5)).toMatchObject({ isTablet: true, isIos: true, isMacOs: false });
  });
  it('tells Android phones from tablets', () => {
    expect(detectDevice(agents.androidChrome)).toMatchObject({
      isMobile: true,
      isAndroid: true,
      browser: 'chrome',
      isSafari: false,
    });
    expect(detectDevice(agents.androidTablet)).toMatchObject({ isTablet: true, isMobile: false });
  });
  it('recognises desktop browsers and crawlers', () => {
    expect(detectDevice(agents.windowsEdge)).toMatchObject({
      isDesktop: true,
      isWindows: true,
      browser: 'edge',
      isCrawler: false,
    });
    expect(detectDevice(agents.linuxFirefox)).toMatchObject({ isDesktop: true, browser: 'firefox' });
    expect(detectDevice(agents.googlebot).isCrawler).toBe(true);
  });
});

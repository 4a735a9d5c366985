import { describe, expect, it } from 'vitest';
import { checkScanTarget } from './scan-target.ts';

const closed = { scanAllowNetworks: '', scanDenyNetworks: '', scanAllowPrivate: false, scanAllowLoopback: false };

describe('scan target check for the web create form', () => {
  it('names the setting that would allow a refused address', () => {
    for (const url of ['http://127.0.0.1:8080/', 'http://localhost/', 'https://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://[::7f00:1]/']) {
      expect(checkScanTarget(url, closed), url).toEqual({ allowed: false, kind: 'loopback', setting: 'CITADEL_SCAN_ALLOW_LOOPBACK' });
    }
    expect(checkScanTarget('http://10.1.2.3/', closed)).toEqual({ allowed: false, kind: 'private', setting: 'CITADEL_SCAN_ALLOW_PRIVATE' });
    expect(checkScanTarget('http://169.254.169.254/latest', closed)).toMatchObject({ allowed: false, kind: 'other' });
  });

  it('allows what the configuration allows, and leaves names to the engine', () => {
    expect(checkScanTarget('http://127.0.0.1:8080/', { ...closed, scanAllowLoopback: true })).toEqual({ allowed: true });
    expect(checkScanTarget('http://127.0.0.1:8080/', { ...closed, scanAllowNetworks: '127.0.0.1/32' })).toEqual({ allowed: true });
    expect(checkScanTarget('http://10.1.2.3/', { ...closed, scanAllowPrivate: true })).toEqual({ allowed: true });
    expect(checkScanTarget('https://www.example.com/', closed)).toEqual({ allowed: true });
    expect(checkScanTarget('http://8.8.8.8/', closed)).toEqual({ allowed: true });
  });
});

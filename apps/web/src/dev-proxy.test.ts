import { describe, expect, it } from 'vitest';
import viteConfig, { devProxyTarget } from '../vite.config';

describe('the dev server proxy', () => {
  it('proxies to the port the GameOn server listens on (PORT)', () => {
    expect(devProxyTarget({ PORT: '3001' })).toBe('http://localhost:3001');
  });

  it('proxies to the server default port 3000 when PORT is unset or empty', () => {
    expect(devProxyTarget({})).toBe('http://localhost:3000');
    expect(devProxyTarget({ PORT: '' })).toBe('http://localhost:3000');
  });

  it('sends the API and the socket to that target', () => {
    const proxy = viteConfig.server?.proxy as Record<string, { target: string }>;
    expect(proxy['/api']?.target).toBe(devProxyTarget());
    expect(proxy['/socket.io']?.target).toBe(devProxyTarget());
  });
});

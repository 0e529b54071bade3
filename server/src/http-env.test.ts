import { describe, expect, it } from 'vitest';
import { EnvError, httpOptionsFromEnv } from './http-env.js';

describe('httpOptionsFromEnv', () => {
  it('sets nothing when nothing is set (startServer has the defaults)', () => {
    expect(httpOptionsFromEnv({})).toEqual({});
    expect(httpOptionsFromEnv({ ROOMS_PER_MINUTE: '', ALLOWED_ORIGINS: ' ' })).toEqual({});
  });

  it('reads every variable', () => {
    expect(
      httpOptionsFromEnv({
        ROOMS_PER_MINUTE: '5',
        JOINS_PER_MINUTE: '0',
        TRUST_PROXY: '1',
        LIMIT_LOOPBACK: 'true',
        CONNECTIONS_PER_ADDRESS: '16',
        ALLOWED_ORIGINS: 'https://a.example, https://b.example:8443',
        CSP_CONNECT_SRC: 'https://game.example.org wss://ws.example.org',
        FRAME_ANCESTORS: "'self' https://site.example",
      }),
    ).toEqual({
      roomsPerMinute: 5,
      joinsPerMinute: 0,
      trustProxy: 1,
      limitLoopback: true,
      connectionsPerAddress: 16,
      allowedOrigins: ['https://a.example', 'https://b.example:8443'],
      connectSources: ['https://game.example.org', 'wss://ws.example.org'],
      frameAncestors: ["'self'", 'https://site.example'],
    });
    expect(httpOptionsFromEnv({ LIMIT_LOOPBACK: '0' })).toEqual({ limitLoopback: false });
  });

  it('refuses a value that is not valid, naming the variable', () => {
    const cases: [string, string][] = [
      ['ROOMS_PER_MINUTE', '-1'],
      ['ROOMS_PER_MINUTE', '1.5'],
      ['JOINS_PER_MINUTE', 'many'],
      ['TRUST_PROXY', '11'],
      ['TRUST_PROXY', 'yes'],
      ['LIMIT_LOOPBACK', 'maybe'],
      ['CONNECTIONS_PER_ADDRESS', '-5'],
      ['CONNECTIONS_PER_ADDRESS', '100001'],
      ['ALLOWED_ORIGINS', 'a.example'],
      ['CSP_CONNECT_SRC', "'unsafe-eval'"],
      ['FRAME_ANCESTORS', "'none' 'self'"],
    ];
    for (const [name, value] of cases) {
      expect(() => httpOptionsFromEnv({ [name]: value }), `${name}=${value}`).toThrow(EnvError);
      expect(() => httpOptionsFromEnv({ [name]: value })).toThrow(name);
    }
  });
});

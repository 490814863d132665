import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from '@/server/config';
import { startServer } from './support/server-process';

const BAD_ENV = {
  PORT: 'abc',
  DATABASE_URL: 'mysql://x',
  TOKEN_TTL: 'forever',
  JWT_SECRET: 'too-short',
};

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      tokenTtlSeconds: 7 * 24 * 3600,
      adminUsername: 'admin',
      adminPassword: undefined,
      logLevel: 'info',
      publicUrl: undefined,
      redisUrl: undefined,
      loginMaxAttempts: 5,
      loginWindowSeconds: 15 * 60,
      trustProxy: [],
      auditRetentionDays: 365,
      anonymousRateLimit: 300,
    });
    expect(config.clientDir).toBe(path.resolve(import.meta.dirname, '../../dist/client'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/fleetpilot',
      DATABASE_URL: 'postgresql://fleet@db:5432/fleet',
      JWT_SECRET: 'x'.repeat(40),
      TOKEN_TTL: '12h',
      ADMIN_USERNAME: 'chef',
      ADMIN_PASSWORD: 'Geheim#2026',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://fleet.example.de',
      REDIS_URL: 'redis://cache:6379',
      LOGIN_MAX_ATTEMPTS: '3',
      LOGIN_WINDOW_SECONDS: '60',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/fleetpilot',
      databaseUrl: 'postgresql://fleet@db:5432/fleet',
      tokenTtlSeconds: 12 * 3600,
      adminUsername: 'chef',
      adminPassword: 'Geheim#2026',
      logLevel: 'warn',
      publicUrl: 'https://fleet.example.de',
      redisUrl: 'redis://cache:6379',
      loginMaxAttempts: 3,
      loginWindowSeconds: 60,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('lists every problem at once, each with its variable', () => {
    let error: unknown;
    try {
      loadConfig({ ...BAD_ENV, LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    for (const name of [...Object.keys(BAD_ENV), 'LOG_LEVEL']) {
      expect(
        problems.some((p) => p.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('TOKEN_TTL'))).toContain('7d');
    expect(problems.find((p) => p.startsWith('JWT_SECRET'))).toContain('32');
  });

  it('reads TRUST_PROXY as a list of addresses and CIDR ranges and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16 ::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('parses durations', () => {
    expect(parseDuration('30s')).toBe(30);
    expect(parseDuration('15m')).toBe(900);
    expect(parseDuration('7d')).toBe(604800);
    expect(parseDuration('2w')).toBe(1209600);
    expect(() => parseDuration('forever')).toThrow();
  });
});

describe('starting with a bad configuration', () => {
  it('prints every problem and exits with 1 before touching anything', async () => {
    const dataDir = path.join(os.tmpdir(), `fleetpilot-never-created-${process.pid}-${Date.now()}`);
    const server = startServer({ ...BAD_ENV, DATA_DIR: dataDir });
    const code = await server.exited;
    expect(code).toBe(1);
    const stderr = server.stderr();
    expect(stderr).toContain('Invalid configuration');
    for (const name of Object.keys(BAD_ENV)) expect(stderr).toMatch(new RegExp(`- ${name}: `));
    expect(server.output()).not.toContain('FleetPilot is running');
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);
});

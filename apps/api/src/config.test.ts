import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDuration } from '@ateliermarkt/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The environment is read through one schema; production refuses to start without its secrets. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'x'.repeat(32);
const production = { DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: SECRET, PAYMENT_WEBHOOK_SECRET: SECRET };

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('the configuration', () => {
  it('has the documented defaults outside production: demo data, generated secrets, readable logs', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      demoData: true,
      jwtSecret: null,
      paymentWebhookSecret: null,
      logLevel: 'info',
      logFormat: 'text',
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 20_000,
      keepAliveTimeoutMs: 72_000,
      shutdownTimeoutMs: 10_000,
    });
  });

  it('in production: no demo data unless DEMO_DATA=1, JSON logs', () => {
    expect(loadConfig(production)).toMatchObject({ production: true, demoData: false, logFormat: 'json' });
    expect(loadConfig({ ...production, DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('in production: refuses to start without JWT_SECRET and PAYMENT_WEBHOOK_SECRET, naming both', () => {
    const message = errorOf({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(message).toContain('JWT_SECRET ontbreekt');
    expect(message).toContain('PAYMENT_WEBHOOK_SECRET ontbreekt');
  });

  it('in production: refuses a secret shorter than 32 characters', () => {
    const message = errorOf({ ...production, JWT_SECRET: 'x'.repeat(31) });
    expect(message).toContain('JWT_SECRET is te kort');
    expect(message).not.toContain('PAYMENT_WEBHOOK_SECRET');
  });

  it('chooses the payment provider: demo by default, Mollie with its key, endpoint and payout mode', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      paymentProvider: 'demo',
      mollieApiKey: null,
      mollieApiEndpoint: null,
      payouts: 'sepa',
    });
    const mollie = loadConfig({
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'test_abc',
      MOLLIE_API_ENDPOINT: 'https://127.0.0.1:9443/v2/',
    });
    expect(mollie).toMatchObject({
      paymentProvider: 'mollie',
      mollieApiKey: 'test_abc',
      mollieApiEndpoint: 'https://127.0.0.1:9443/v2/',
      payouts: 'mollie-routing',
    });
    expect(loadConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: 'mollie', PAYOUTS: 'sepa' }).payouts).toBe('sepa');
    expect(errorOf({ DATA_DIR: dataDir, PAYMENT_PROVIDER: 'stripe' })).toContain(
      '- PAYMENT_PROVIDER moet demo of mollie zijn',
    );
    expect(errorOf({ DATA_DIR: dataDir, PAYOUTS: 'mollie-routing' })).toContain(
      'PAYOUTS=mollie-routing kan alleen met PAYMENT_PROVIDER=mollie',
    );
  });

  it('in production: refuses Mollie without MOLLIE_API_KEY, in the one configuration message', () => {
    const message = errorOf({ ...production, PAYMENT_PROVIDER: 'mollie' });
    expect(message).toMatch(/^De configuratie is niet in orde; de server start niet:\n {2}- MOLLIE_API_KEY ontbreekt/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'live_x' })).not.toThrow();
  });

  it('names every variable it cannot read, at once', () => {
    const message = errorOf({
      DATA_DIR: dataDir,
      PORT: 'drieduizend',
      DEMO_DATA: 'ja',
      LOG_LEVEL: 'loud',
      REQUEST_TIMEOUT: '5 minuten',
      ACCESS_TOKEN_MINUTES: '0',
    });
    for (const name of ['PORT', 'DEMO_DATA', 'LOG_LEVEL', 'REQUEST_TIMEOUT', 'ACCESS_TOKEN_MINUTES'])
      expect(message).toContain(`- ${name} `);
  });

  it('in production: names the missing secrets beside a variable it cannot read, in the one message', () => {
    const message = errorOf({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: 'drieduizend' });
    expect(message).toContain('- PORT moet een positief geheel getal zijn');
    expect(message).toContain('- JWT_SECRET ontbreekt');
    expect(message).toContain('- PAYMENT_WEBHOOK_SECRET ontbreekt');
  });

  it('reads durations as 500ms, 90s, 15m, 24h, 3d', () => {
    expect([parseDuration('500ms'), parseDuration('90s'), parseDuration('15m'), parseDuration('24h')]).toEqual([
      500, 90_000, 900_000, 86_400_000,
    ]);
    expect(parseDuration('3d')).toBe(259_200_000);
    for (const wrong of ['', '90', '0s', '1.5h', '-1s', '10 s']) expect(parseDuration(wrong)).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT: '3s' }).shutdownTimeoutMs).toBe(3000);
    expect(errorOf({ DATA_DIR: dataDir, HEADERS_TIMEOUT: '2m', REQUEST_TIMEOUT: '1m' })).toContain(
      'HEADERS_TIMEOUT mag niet langer zijn dan REQUEST_TIMEOUT',
    );
  });

  it('keeps the deadline variables that are set, checked as durations', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).deadlineEnv).toEqual({});
    expect(
      loadConfig({ DATA_DIR: dataDir, PAYMENT_EXPIRE_AFTER: ' 10d ', RESERVATION_REMIND_AFTER: '' }).deadlineEnv,
    ).toEqual({ PAYMENT_EXPIRE_AFTER: '10d' });
    const message = errorOf({ DATA_DIR: dataDir, RESERVATION_EXPIRE_AFTER: '3 dagen', PAYMENT_REMIND_AFTER: '48' });
    expect(message).toContain('- RESERVATION_EXPIRE_AFTER moet een duur zijn zoals 90s, 15m, 24h of 3d');
    expect(message).toContain('- PAYMENT_REMIND_AFTER ');
  });
});

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BRANCH_CORNERS } from '../../server/zone-limits';
import {
  ConfigError,
  RuntimeConfig,
  currencyOf,
  describeJobType,
  describePaymentType,
  describeRiderStatus,
  describeRiderType,
  describeStatus,
  loadRuntimeConfig,
} from '../../src/config';
import { readOidcAuth } from '../../src/config/auth';
import { chooseLocale } from '../../src/i18n';

describe('runtime config (config.json)', () => {
  const load = (body: unknown) =>
    loadRuntimeConfig('/config.json', Promise.resolve(new Response(JSON.stringify(body))));

  it('reads the shipped file, and fills every default of an empty one', () => {
    const shipped: unknown = JSON.parse(readFileSync('public/config.json', 'utf8'));
    const config = RuntimeConfig.parse(shipped);
    expect(config.statuses['8']).toEqual({
      label: { en: 'Failed', ar: 'فشلت', fr: 'Échouée', es: 'Fallido' },
      tone: 'danger',
      final: true,
      outcome: 'failure',
      inProgress: false,
    });
    expect(config.statuses['6']).toEqual({
      label: { en: 'In transit', ar: 'في الطريق', fr: 'En route', es: 'En tránsito' },
      tone: 'accent',
      final: false,
      inProgress: true,
    });
    const codes = (pick: (entry: (typeof config.statuses)[string]) => unknown) =>
      Object.fromEntries(Object.entries(config.statuses).map(([code, entry]) => [code, pick(entry)]));
    expect(codes((entry) => entry.outcome)).toEqual({
      ...{ '1': undefined, '2': undefined, '3': undefined, '4': undefined, '5': undefined, '6': undefined },
      ...{ '7': 'success', '8': 'failure', '9': 'cancelled', '10': 'failure' },
    });
    // Accepted and In transit normally last hours: never stuck.
    expect(codes((entry) => entry.stuckAfterMinutes)).toMatchObject({
      ...{ '1': 30, '2': 30, '3': undefined, '4': 30, '5': 20, '6': undefined },
    });
    expect(Object.keys(config.statuses).filter((code) => config.statuses[code]!.inProgress)).toEqual([
      '4',
      '6',
    ]);
    expect([config.atRiskMinutes, config.staleRiderMinutes]).toEqual([30, 15]);
    expect(config.scanCaps).toEqual({ search: 5000, map: 500, impact: 2000, open: 5000, overview: 10_000 });
    expect(Object.keys(config.statuses).filter((code) => config.statuses[code]!.final)).toEqual([
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(describePaymentType(config, 2).label).toBe('Cash on delivery');
    expect(describeRiderStatus(config, 1).label).toBe('Active');
    expect(describeJobType(config, 'same_day').label).toBe('Same day');
    expect(describeRiderType(config, 'van').label).toBe('Van');
    expect(RuntimeConfig.parse({})).toEqual({
      apiBaseUrl: '',
      mapStyle: 'offline',
      refreshSeconds: 30,
      requestTimeoutSeconds: 20,
      statuses: {},
      paymentTypes: {},
      riderStatuses: {},
      jobTypes: {},
      riderTypes: {},
      currency: '',
      branchCurrencies: {},
      lateGraceMinutes: 5,
      atRiskMinutes: 30,
      staleRiderMinutes: 15,
      scanCaps: { search: 5000, map: 500, impact: 2000, open: 5000, overview: 10_000 },
      windowRefreshMinutes: 5,
      statusCounts: true,
      zoneLimits: {
        zonesPerBranch: 100,
        cornersPerZone: 2000,
        cornersPerBranch: 5000,
        maxDistanceKm: 50,
        branchMaxDistanceKm: {},
      },
      auth: { type: 'token' },
    });
    expect(config.zoneLimits).toEqual({
      zonesPerBranch: 100,
      cornersPerZone: 2000,
      cornersPerBranch: 5000,
      maxDistanceKm: 50,
      branchMaxDistanceKm: {},
    });
    // One limit given, the others keep their defaults; the contract's 500 zones is the most.
    expect(RuntimeConfig.parse({ zoneLimits: { cornersPerBranch: 8000 } }).zoneLimits).toEqual({
      zonesPerBranch: 100,
      cornersPerZone: 2000,
      cornersPerBranch: 8000,
      maxDistanceKm: 50,
      branchMaxDistanceKm: {},
    });
    expect(RuntimeConfig.safeParse({ zoneLimits: { zonesPerBranch: 501 } }).success).toBe(false);
    // The corners a branch takes are the reference server's own limit.
    expect(config.zoneLimits.cornersPerBranch).toBe(MAX_BRANCH_CORNERS);
    // A status with nothing but its label: not final, no outcome, never stuck, not in progress.
    expect(RuntimeConfig.parse({ statuses: { '1': { label: 'New' } } }).statuses['1']).toEqual({
      label: 'New',
      tone: 'neutral',
      final: false,
      inProgress: false,
    });
    // One cap given, the other keeps its default.
    expect(RuntimeConfig.parse({ scanCaps: { search: 800 } }).scanCaps).toEqual({
      search: 800,
      map: 500,
      impact: 2000,
      open: 5000,
      overview: 10_000,
    });
  });

  it('reads sign-in through an identity provider, and names what is wrong with it', () => {
    const oidc = { type: 'oidc', authority: 'https://idp.example/realms/dispatch', clientId: 'dispatch' };
    expect(RuntimeConfig.parse({ auth: oidc }).auth.type).toBe('oidc');
    expect(RuntimeConfig.safeParse({ auth: { type: 'saml' } }).error?.issues[0]?.path).toEqual([
      'auth',
      'type',
    ]);
    expect(readOidcAuth(oidc)).toEqual({ ...oidc, scope: 'openid profile offline_access' });
    expect(readOidcAuth({ ...oidc, audience: 'dispatch-api' }).audience).toBe('dispatch-api');
    const wrong = (auth: unknown) => {
      try {
        readOidcAuth(auth);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(wrong({ ...oidc, authority: 'idp.example' })).toMatch(
      /^auth\.authority: must be the provider’s http\(s\) issuer URL/,
    );
    expect(wrong({ ...oidc, authority: undefined })).toMatch(/^auth\.authority: /);
    expect(wrong({ ...oidc, clientId: '' })).toMatch(/^auth\.clientId: /);
  });

  it('labels payment types and rider statuses like statuses, unknown codes by their number', () => {
    const config = RuntimeConfig.parse({
      statuses: { '7': { label: 'Delivered', tone: 'success', final: true } },
      paymentTypes: { '1': { label: 'Prepaid' } },
      riderStatuses: { '1': { label: 'Active', tone: 'success' } },
    });
    expect(describePaymentType(config, 1)).toEqual({
      code: 1,
      label: 'Prepaid',
      tone: 'neutral',
      known: true,
    });
    expect(describePaymentType(config, 2)).toEqual({
      code: 2,
      label: 'Payment type 2',
      tone: 'neutral',
      known: false,
    });
    expect(describeRiderStatus(config, 1).label).toBe('Active');
    expect(describeRiderStatus(config, 3).label).toBe('Rider status 3');
    expect(describeStatus(config, 42).label).toBe('Status 42');
  });

  describe('labels in several languages', () => {
    afterEach(() => chooseLocale('en', 'latn', false));
    const config = RuntimeConfig.parse({
      statuses: { '3': { label: { en: 'Accepted', ar: 'مقبولة', 'fr-CA': 'Acceptée' }, tone: 'info' } },
      jobTypes: { return: { label: { es: 'Devolución', fr: 'Retour' } } },
    });

    it('reads each label in the chosen language, else its base language, else English, else the first', async () => {
      expect(describeStatus(config, 3).label).toBe('Accepted');
      expect(describeJobType(config, 'return').label).toBe('Devolución');
      await chooseLocale('ar', 'latn', false);
      expect(describeStatus(config, 3).label).toBe('مقبولة');
      await chooseLocale('fr', 'latn', false);
      // No "fr": English, though a regional French is given; the job type has its French.
      expect(describeStatus(config, 3).label).toBe('Accepted');
      expect(describeJobType(config, 'return').label).toBe('Retour');
    });

    it('gives every label of the shipped config in the four languages', () => {
      const shipped = RuntimeConfig.parse(JSON.parse(readFileSync('public/config.json', 'utf8')));
      const dictionaries = [
        shipped.statuses,
        shipped.paymentTypes,
        shipped.riderStatuses,
        shipped.jobTypes,
        shipped.riderTypes,
      ];
      const languages = dictionaries.flatMap((d) =>
        Object.values(d).map((entry) => (typeof entry.label === 'string' ? [] : Object.keys(entry.label))),
      );
      expect(languages.length).toBeGreaterThan(20);
      for (const given of languages) expect(given.sort()).toEqual(['ar', 'en', 'es', 'fr']);
    });

    it('refuses a label that names no language, or names one by something else than a tag', () => {
      const wrong = (label: unknown) => RuntimeConfig.safeParse({ statuses: { '1': { label } } }).success;
      expect(wrong({})).toBe(false);
      expect(wrong({ English: 'Created' })).toBe(false);
      expect(wrong({ en: '' })).toBe(false);
      expect(wrong({ en: 'Created' })).toBe(true);
    });
  });

  it('gives a branch its own currency, else the global one, else none', () => {
    const config = RuntimeConfig.parse({ currency: 'GBP', branchCurrencies: { 'BER-01': 'EUR' } });
    expect(currencyOf(config, 'BER-01')).toBe('EUR');
    expect(currencyOf(config, 'LDN-01')).toBe('GBP');
    expect(currencyOf(config, null)).toBe('GBP');
    expect(currencyOf(RuntimeConfig.parse({}), 'BER-01')).toBe('');
  });

  it('trims the base URL and reads an unknown tone as neutral', () => {
    const config = RuntimeConfig.parse({
      apiBaseUrl: 'https://api.example//',
      statuses: { '3': { label: 'x', tone: 'sparkly' } },
    });
    expect(config.apiBaseUrl).toBe('https://api.example');
    expect(config.statuses['3']!.tone).toBe('neutral');
  });

  it('names the field and the rule of an invalid file', async () => {
    await expect(load({ refreshSeconds: 60 })).resolves.toMatchObject({ refreshSeconds: 60, apiBaseUrl: '' });
    const error = await load({ refreshSeconds: 60, apiBaseUrl: 'ftp://files.example' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      'apiBaseUrl: apiBaseUrl must be empty (same origin) or an http(s) URL',
    );
    await expect(load({ refreshSeconds: 2 })).rejects.toThrow('refreshSeconds: must be at least 5');
    await expect(load({ statuses: { delivered: { label: 'Delivered' } } })).rejects.toThrow(/^statuses/);
    await expect(load({ currency: 'pounds' })).rejects.toThrow(
      /currency: a currency is a three-letter ISO 4217 code/,
    );
    await expect(load({ branchCurrencies: { 'LDN-01': 'gbp' } })).rejects.toThrow(
      /^branchCurrencies\.LDN-01/,
    );
    await expect(load({ lateGraceMinutes: -1 })).rejects.toThrow(/^lateGraceMinutes/);
    await expect(load({ scanCaps: { search: 0 } })).rejects.toThrow(/^scanCaps\.search/);
    await expect(load({ scanCaps: { overview: 0 } })).rejects.toThrow(/^scanCaps\.overview/);
    await expect(load({ atRiskMinutes: 0 })).rejects.toThrow(/^atRiskMinutes/);
    await expect(load({ staleRiderMinutes: 1.5 })).rejects.toThrow(/^staleRiderMinutes/);
    await expect(load({ statuses: { '7': { label: 'Delivered', outcome: 'won' } } })).rejects.toThrow(
      /^statuses\.7\.outcome/,
    );
    await expect(load({ statuses: { '3': { label: 'Accepted', stuckAfterMinutes: 0 } } })).rejects.toThrow(
      /^statuses\.3\.stuckAfterMinutes/,
    );
  });

  it('says so when the file is not JSON or not there', async () => {
    await expect(loadRuntimeConfig('/config.json', Promise.resolve(new Response('{ nope')))).rejects.toThrow(
      'It is not valid JSON.',
    );
    await expect(
      loadRuntimeConfig('/config.json', Promise.resolve(new Response('', { status: 404 }))),
    ).rejects.toThrow('The server answered 404 for it.');
  });
});
